"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { apiPath } from "@/client/api-path";
import { notify } from "@/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";

/** Says that this server has no Google sign-in, in the screen's language. */
export function useNotifyGoogleNotConfigured() {
  const t = useTranslations("auth.google");
  return useCallback(() => {
    notify.info(t("notConfigured"), { description: t("notConfiguredText") });
  }, [t]);
}

/**
 * 'Login with Google' ('Sign up with Google' on the sign-up screen: the same way in, which makes
 * the account on the first visit). `configured` comes from the server's settings: with Google configured it is a
 * full-page navigation to /api/auth/google (docs/product.md §7; the router cannot follow the redirects to
 * Google and back); without, the button says so instead of failing.
 */
export function GoogleButton({ configured, label }: { configured: boolean; label?: string }) {
  const t = useTranslations("auth.google");
  const notifyNotConfigured = useNotifyGoogleNotConfigured();
  function onClick() {
    if (configured) window.location.assign(new URL(apiPath("GET /api/auth/google"), window.location.origin));
    else notifyNotConfigured();
  }
  return (
    <button type="button" className={buttonClass("secondary", "w-full")} onClick={onClick}>
      <span
        aria-hidden
        className="flex size-5 items-center justify-center rounded-full bg-surface text-xs font-semibold text-ink ring-1 ring-ink-soft/40"
      >
        G
      </span>
      {label ?? t("login")}
    </button>
  );
}
