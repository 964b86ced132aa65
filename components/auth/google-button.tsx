"use client";

import { notify } from "@/lib/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";

export function notifyGoogleNotConfigured() {
  notify.info("Google sign-in is not available", {
    description: "This server has no Google sign-in configured. Please use your username and password.",
  });
}

/**
 * 'Login with Google': a full-page navigation to /api/auth/google (SPEC.md §7). `configured` comes
 * from the server's settings; without Google configured the button says so instead of failing.
 */
export function GoogleButton({ configured }: { configured: boolean }) {
  const content = (
    <>
      <span aria-hidden className="flex size-5 items-center justify-center rounded-full bg-white font-bold text-[#1a73e8] ring-1 ring-ink-soft/30">
        G
      </span>
      Login with Google
    </>
  );
  if (configured) {
    // A plain link, not next/link: the redirect chain to Google must be a full-page navigation.
    return (
      <a href="/api/auth/google" className={buttonClass("secondary", "w-full")}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={buttonClass("secondary", "w-full")} onClick={notifyGoogleNotConfigured}>
      {content}
    </button>
  );
}
