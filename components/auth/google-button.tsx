"use client";

import { notify } from "@/lib/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";

/**
 * 'Login with Google'. This server has no Google sign-in configured yet, so instead of sending the
 * visitor to a page that would fail, it says so.
 */
export function GoogleButton() {
  return (
    <button
      type="button"
      className={buttonClass("secondary", "w-full")}
      onClick={() =>
        notify.info("Google sign-in is not available", {
          description: "This server has no Google sign-in configured. Please use your username and password.",
        })
      }
    >
      <span aria-hidden className="flex size-5 items-center justify-center rounded-full bg-white font-bold text-[#1a73e8] ring-1 ring-ink-soft/30">
        G
      </span>
      Login with Google
    </button>
  );
}
