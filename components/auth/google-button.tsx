"use client";

import { apiPath } from "@/client/api-path";
import { notify } from "@/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";

export function notifyGoogleNotConfigured() {
  notify.info("Google sign-in is not available", {
    description: "This server has no Google sign-in configured. Please use your username and password.",
  });
}

/**
 * 'Login with Google' ('Sign up with Google' on the sign-up screen: the same way in, which makes
 * the account on the first visit). `configured` comes from the server's settings: with Google configured it is a
 * full-page navigation to /api/auth/google (docs/product.md §7; the router cannot follow the redirects to
 * Google and back); without, the button says so instead of failing.
 */
export function GoogleButton({ configured, label = "Login with Google" }: { configured: boolean; label?: string }) {
  function onClick() {
    if (configured) window.location.assign(new URL(apiPath("GET /api/auth/google"), window.location.origin));
    else notifyGoogleNotConfigured();
  }
  return (
    <button type="button" className={buttonClass("secondary", "w-full")} onClick={onClick}>
      <span
        aria-hidden
        className="flex size-5 items-center justify-center rounded-full bg-surface text-xs font-semibold text-ink ring-1 ring-ink-soft/40"
      >
        G
      </span>
      {label}
    </button>
  );
}
