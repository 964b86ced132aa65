"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { sessionKeys } from "@/client/session";
import { notify } from "@/client/toasts";
import { ACCOUNT_DELETION_CANCELLED_MESSAGE } from "@/lib/contract/messages";

/**
 * Shown on every signed-in screen while the account waits to be deleted (docs/decisions/075): when,
 * and the one button that keeps it. `day` is in the browser's own time zone.
 */
export function DeletionBanner({ day }: { day: string }) {
  const t = useTranslations("frame.deletionBanner");
  const router = useRouter();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    // The Security screen's client code is fetched by the click, not with every signed-in page.
    mutationFn: () => import("@/client/security").then((m) => m.cancelAccountDeletion()),
    onSuccess: () => {
      notify.success(ACCOUNT_DELETION_CANCELLED_MESSAGE, { important: true });
      // The banner goes with the session's answer (components/app/signed-in-frame.tsx) and any server-rendered page's.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      router.refresh();
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <section aria-label={t("label")} className="border-b border-danger/40 bg-paper">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="flex min-w-0 flex-1 basis-64 gap-2 text-sm text-ink">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>
            <strong className="font-semibold">{t("lead", { day })}</strong> {t("detail")}
          </span>
        </p>
        <BusyButton
          type="button"
          variant="secondary"
          busy={cancel.isPending}
          busyLabel={t("cancelling")}
          onClick={() => cancel.mutate()}
          className="shrink-0"
        >
          {t("cancel")}
        </BusyButton>
      </div>
    </section>
  );
}
