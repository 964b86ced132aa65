"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, BellOff, Bell } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReportButton } from "@/components/reports/report-button";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { mutedQuery, safetyKeys, setSafety } from "@/client/blocks";
import { feedKeys } from "@/client/feed";
import { friendKeys } from "@/client/friends";
import { notify } from "@/client/toasts";

export interface SafetyActionsProps {
  userId: string;
  name: string;
  onBlocked: () => void;
}

/**
 * Mute and Block under another person's profile (docs/product.md "Public profile", docs/decisions/067).
 * Mute is a toggle that tells nobody; Block asks first, then the profile gives way to `onBlocked`.
 */
export function SafetyActions({ userId, name, onBlocked }: SafetyActionsProps) {
  const queryClient = useQueryClient();
  const t = useTranslations("community.safety");
  const muted = useQuery(mutedQuery());
  // What this button last did wins over the list until the list is asked again: the button turns at
  // once, and no made-up person is written into the cached list.
  const [turned, setTurned] = useState<boolean | null>(null);
  const isMuted = turned ?? !!muted.data?.some((m) => m.user.id === userId);
  const [asking, setAsking] = useState(false);

  const mute = useMutation({
    mutationFn: (on: boolean) => setSafety("mute", userId, on),
    onSuccess: (_, on) => {
      notify.success(on ? t("muted", { name }) : t("unmuted", { name }));
      setTurned(on);
      void queryClient.invalidateQueries({ queryKey: safetyKeys.muted });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
    onError: (error) => notify.error(error.message),
  });
  const block = useMutation({
    mutationFn: () => setSafety("block", userId, true),
    onSuccess: () => {
      setAsking(false);
      notify.success(t("blocked", { name }));
      void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      // Fellow Writers no longer suggests them.
      void queryClient.invalidateQueries({ queryKey: friendKeys.suggested(0).slice(0, 2) });
      onBlocked();
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <div className="mt-6 flex flex-wrap justify-center gap-2 border-t border-ink-soft/15 pt-4 sm:justify-end">
      <BusyButton
        type="button"
        variant="secondary"
        busy={mute.isPending}
        busyLabel={isMuted ? t("unmuting") : t("muting")}
        onClick={() => mute.mutate(!isMuted)}
        className="px-3 py-1.5 text-sm"
      >
        {isMuted ? <Bell aria-hidden className="size-4" /> : <BellOff aria-hidden className="size-4" />}
        {isMuted ? t("unmute") : t("mute")}
      </BusyButton>
      <ReportButton target={{ userId }} what={name} />
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-danger underline-offset-2 hover:underline"
      >
        <Ban aria-hidden className="size-4" />
        {t("block")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("confirmTitle", { name })}
        confirmLabel={t("block")}
        busyLabel={t("blocking")}
        destructive
        busy={block.isPending}
        onConfirm={() => block.mutate()}
        onCancel={() => setAsking(false)}
      >
        {t("confirmText", { name })}
      </ConfirmDialog>
    </div>
  );
}
