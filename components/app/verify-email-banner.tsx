"use client";

import { useMutation } from "@tanstack/react-query";
import { MailWarning, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button-styles";
import { BusyButton } from "@/components/ui/busy-button";
import { answerOf, apiFetch, errorMessage } from "@/client/api";
import { apiPath } from "@/client/api-path";
import { ApiError } from "@/client/api-error";
import { dismiss, useDismissed } from "@/client/dismissals";
import { notify } from "@/client/toasts";

// Dismissed for this browser session (the tab's sessionStorage): it comes back in a new one, as
// long as the address is unproven (docs/product.md "Sign Up").
const DISMISSED_KEY = "inkwell.verifyBanner.dismissed";

/** Hides the banner and puts the focus on the page's main part, where reading goes on. */
function dismissBanner() {
  dismiss("session", DISMISSED_KEY);
  // Focusable from script only (not by Tab), and only once something hands it the focus.
  const main = document.getElementById("main");
  main?.setAttribute("tabindex", "-1");
  main?.focus();
}

/** Shown while the account's email is unverified (docs/decisions/011): says so and offers a new link. */
export function VerifyEmailBanner() {
  const t = useTranslations("frame.verifyEmailBanner");
  // Shown until the browser says otherwise: the server renders it, as before, for the first paint.
  const dismissed = useDismissed("session", DISMISSED_KEY, { onServer: false });
  const resend = useMutation({
    mutationFn: async () => {
      const res = await apiFetch(apiPath("POST /api/auth/verify-email"), { method: "POST" }).catch(() => {
        throw new ApiError(0, t("tryLater"));
      });
      if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? t("tryLater"));
      return answerOf("POST /api/auth/verify-email", res);
    },
    // The server's words: a new link is on its way, or the address turned out to be verified already.
    onSuccess: ({ message }) => notify.success(message || t("sent")),
    onError: (error) =>
      notify.error(t("failed"), { description: error instanceof ApiError ? error.message : t("tryLater") }),
  });

  if (dismissed) return null;
  return (
    <section data-chrome aria-label={t("label")} className="border-b border-accent/30 bg-paper">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="flex min-w-0 flex-1 basis-64 gap-2 text-sm text-ink">
          <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            <strong className="font-semibold">{t("lead")}</strong> {t("detail")}
          </span>
        </p>
        <BusyButton
          type="button"
          variant="secondary"
          busy={resend.isPending}
          busyLabel={t("sending")}
          onClick={() => resend.mutate()}
          className="shrink-0"
        >
          {t("resend")}
        </BusyButton>
        <button
          type="button"
          onClick={dismissBanner}
          aria-label={t("dismiss")}
          className={buttonClass("ghost", "size-11 shrink-0 p-0")}
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </section>
  );
}
