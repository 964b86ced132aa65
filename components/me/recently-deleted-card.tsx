"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock, RotateCcw, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { journalKeys, type Journal } from "@/client/journals";
import { notify } from "@/client/toasts";
import {
  DELETED_LOAD_FAILED,
  deleteForever,
  deletedQuery,
  restoreDeleted,
  versionKeys,
  type DeletedPage,
} from "@/client/versions";
import { buttonClass } from "@/components/ui/button-styles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RetryStatus } from "@/components/ui/retry-status";
import { formatLongDay } from "@/lib/dates/local-day";
import { plainTextOf } from "@/lib/journals/formatting";
import { DELETED_FOREVER_MESSAGE, VERSION_DAYS } from "@/lib/journals/version-limits";

/** How many more days a deleted page is kept (0: until today). */
function daysKept(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 86_400_000));
}

/**
 * Recently deleted on /me → Writing (docs/decisions/127-every-earlier-version-kept.md): each deleted
 * page for 30 days, with Restore (back on its day, unless that day holds another page now) and
 * Delete for good after a question.
 */
export function RecentlyDeletedCard() {
  const t = useTranslations("me.deleted");
  const queryClient = useQueryClient();
  const pages = useQuery(deletedQuery());
  const [forgetting, setForgetting] = useState<DeletedPage | null>(null);
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: versionKeys.deleted });
    void queryClient.invalidateQueries({ queryKey: journalKeys.all });
  };
  const restore = useMutation({
    mutationFn: (p: DeletedPage) => restoreDeleted(p.journalId),
    onSuccess: (journal: Journal) => {
      queryClient.setQueryData<DeletedPage[]>(versionKeys.deleted, (all) =>
        all?.filter((p) => p.journalId !== journal.id),
      );
      notify.success(t("restored", { day: formatLongDay(journal.journaldate) }));
    },
    onError: (error) => notify.error(error.message),
    onSettled: settled,
  });
  const forget = useMutation({
    mutationFn: (p: DeletedPage) => deleteForever(p.journalId),
    onSuccess: (_, p) => {
      queryClient.setQueryData<DeletedPage[]>(versionKeys.deleted, (all) =>
        all?.filter((x) => x.journalId !== p.journalId),
      );
      notify.success(DELETED_FOREVER_MESSAGE);
      setForgetting(null);
    },
    onError: (error) => notify.error(error.message),
    onSettled: settled,
  });
  const list = pages.data;

  return (
    <section
      aria-labelledby="deleted-heading"
      className="min-w-0 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="deleted-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <Trash2 aria-hidden className="size-5 text-accent" />
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("intro", { count: VERSION_DAYS })}</p>
      {pages.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          {t("loading")}
        </p>
      ) : pages.isError ? (
        <RetryStatus message={DELETED_LOAD_FAILED} onRetry={() => void pages.refetch()} className="mt-4" />
      ) : list && list.length ? (
        <ul className="mt-4 divide-y divide-ink-soft/20 border-y border-ink-soft/20">
          {list.map((p) => {
            const day = formatLongDay(p.journaldate);
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-60">
                  <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">{day}</p>
                  {p.locked ? (
                    <p className="flex items-center gap-1.5 font-semibold text-ink">
                      <Lock aria-hidden className="size-4 text-accent" /> {t("locked")}
                    </p>
                  ) : (
                    <>
                      <p dir="auto" className="truncate font-semibold text-ink">
                        {p.title}
                      </p>
                      <p className="line-clamp-2 text-sm break-words text-ink">
                        {plainTextOf(p.content)}
                        {p.excerpt ? "…" : ""}
                      </p>
                    </>
                  )}
                  <p className="text-sm text-ink-soft">
                    {t("kept", { count: daysKept(p.expiresAt) })}
                    {p.dayTaken ? ` · ${t("dayTaken")}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => !restore.isPending && restore.mutate(p)}
                    aria-disabled={restore.isPending}
                    aria-label={t("restoreDay", { day })}
                    className={buttonClass("secondary")}
                  >
                    <RotateCcw aria-hidden className="size-4" />
                    {t("restore")}
                  </button>
                  <button
                    type="button"
                    onClick={() => setForgetting(p)}
                    aria-label={t("forgetDay", { day })}
                    className={buttonClass("danger", "size-11 shrink-0 p-0")}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink">{t("empty", { count: VERSION_DAYS })}</p>
      )}
      <ConfirmDialog
        open={forgetting !== null}
        title={t("forgetTitle")}
        confirmLabel={t("forgetConfirm")}
        destructive
        busy={forget.isPending}
        busyLabel={t("deleting")}
        onConfirm={() => forgetting && forget.mutate(forgetting)}
        onCancel={() => setForgetting(null)}
      >
        {t("forgetText", { day: forgetting ? formatLongDay(forgetting.journaldate) : "" })}
      </ConfirmDialog>
    </section>
  );
}
