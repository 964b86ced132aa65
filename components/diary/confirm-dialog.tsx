"use client";

import type { ReactNode } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question in a modal; the safe answer has the focus. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Cancel", busy = false, busyLabel = "Working…", onConfirm, onCancel }: Props) {
  return (
    <ModalDialog open={open} onClose={onCancel} title={title}>
      <div className="text-ink">{children}</div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" data-autofocus onClick={onCancel} className={buttonClass("secondary")}>
          {cancelLabel}
        </button>
        <BusyButton type="button" busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
