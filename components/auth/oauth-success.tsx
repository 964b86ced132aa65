"use client";

import { LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/toasts";
import { clearToken, setToken } from "@/lib/client/token";

/**
 * Landing page of Google sign-in (API.md: /oauth-success?token=…). The token leaves the address bar
 * at once (history, screenshots, shoulder-surfing), and /api/auth/me both validates it and sets the
 * session cookie that server-rendered pages need.
 */
export function OAuthSuccess() {
  const router = useRouter();
  // React's development double-run of effects must not read the already-stripped URL.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get("token");
    if (!token) {
      router.replace("/login");
      return;
    }
    setToken(token);
    window.history.replaceState(null, "", window.location.pathname);
    apiFetch("/api/auth/me", { token })
      .then(async (res) => {
        if (res.ok) {
          router.replace("/dashboard");
          return;
        }
        clearToken();
        notify.error("Login failed", { description: (await errorMessage(res)) ?? "Something went wrong" });
        router.replace("/login");
      })
      .catch(() => {
        clearToken();
        notify.error("Login failed", { description: "Something went wrong" });
        router.replace("/login");
      });
  }, [router]);

  return (
    <p role="status" className="flex items-center gap-2 text-ink-soft">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Signing you in…
    </p>
  );
}
