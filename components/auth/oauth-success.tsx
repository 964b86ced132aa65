"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { apiFetch } from "@/client/api";
import { apiPath } from "@/client/api-path";
import { notify } from "@/client/toasts";
import { getToken, setToken } from "@/client/token";

/** Whether the token already stored here is a live session (a refused or unreadable answer: no). */
async function signedIn(): Promise<boolean> {
  const stored = getToken();
  if (!stored) return false;
  try {
    return (await apiFetch(apiPath("GET /api/auth/me"), { token: stored })).ok;
  } catch {
    return false;
  }
}

/** The words of the toast for a sign-in that did not start in this browser. */
type Refused = { title: string; description: string };

/**
 * The token is kept only when the server confirms it is the session cookie that the Google
 * callback has just set in this browser. A link with anyone else's token (login CSRF: the victim
 * would write into the attacker's account) changes nothing (docs/decisions/012).
 */
async function acceptToken(token: string | null, refused: Refused): Promise<"/dashboard" | "/login"> {
  if (token) {
    try {
      const res = await apiFetch(apiPath("POST /api/auth/confirm-session"), {
        method: "POST",
        token: null,
        body: JSON.stringify({ token }),
      });
      if (res.ok) {
        setToken(token);
        return "/dashboard";
      }
    } catch {
      // Unconfirmed, like a refusal.
    }
    notify.error(refused.title, { description: refused.description });
  }
  return (await signedIn()) ? "/dashboard" : "/login";
}

/**
 * Landing page of Google sign-in (docs/api.md: /oauth-success?token=…). The token leaves the address bar
 * at once (history, screenshots, shoulder-surfing).
 */
export function OAuthSuccess() {
  const t = useTranslations("auth");
  const router = useRouter();
  // React's development double-run of effects must not read the already-stripped URL.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get("token");
    window.history.replaceState(null, "", window.location.pathname);
    const refused = { title: t("signIn.failed"), description: t("oauthSuccess.notStartedHere") };
    void acceptToken(token, refused).then((path) => router.replace(path));
  }, [router, t]);

  return (
    <p role="status" className="flex items-center gap-2 text-ink-soft">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {t("oauthSuccess.status")}
    </p>
  );
}
