"use client";

import type { ReactNode } from "react";
import { AlertDialog, AlertDialogCancel } from "@/components/ui/alert-dialog";
import { BusyButton } from "@/components/ui/busy-button";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  /** The answer destroys something (a deletion): the confirm button says so in red. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes on close when the button that opened it is gone (the removed row's). */
  focusWhenOpenerGone?: () => HTMLElement | null | undefined;
};

/**
 * A yes/no question; the safe answer has the focus. While `busy` (the answer is being carried out)
 * neither Escape nor Cancel closes it, and the focus stays on the busy button.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
  busyLabel = "Working…",
  destructive = false,
  onConfirm,
  onCancel,
  focusWhenOpenerGone,
}: Props) {
  return (
    <AlertDialog
      open={open}
      title={title}
      busy={busy}
      onCancel={onCancel}
      focusWhenOpenerGone={focusWhenOpenerGone}
      actions={
        <>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <BusyButton
            type="button"
            busy={busy}
            busyLabel={busyLabel}
            onClick={onConfirm}
            variant={destructive ? "danger" : "primary"}
          >
            {confirmLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </AlertDialog>
  );
}
