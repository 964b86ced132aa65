"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { apiFetch } from "@/client/api";
import { apiPath } from "@/client/api-path";
import { clearToken, getToken } from "@/client/token";

/**
 * /login and /signup: a visitor holding a token goes to /dashboard, but only after the server
 * confirms it. The server never redirects these pages, so a stale token cannot cause a loop:
 * on 401 we drop it and stay. (/api/auth/me also restores the session cookie the pages need.)
 */
export function useRedirectIfSignedIn() {
  const router = useRouter();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let cancelled = false;
    apiFetch(apiPath("GET /api/auth/me"), { token })
      .then((res) => {
        if (cancelled) return;
        if (res.ok) router.replace("/dashboard");
        else if (res.status === 401) clearToken();
      })
      .catch(() => {
        // Offline or server down: stay on the form; the user can still sign in once it is back.
      });
    return () => {
      cancelled = true;
    };
  }, [router]);
}
