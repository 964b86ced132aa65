"use client";

import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, type ReactNode } from "react";
import { BOTTOM_SHEET_CLASS, OVERLAY_CLASS, SHEET_CLASS } from "./dialog-styles";
import { useReturnFocus } from "./use-return-focus";

export type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `bottom`: a sheet along the bottom edge (phones) instead of a card in the middle. */
  placement?: "center" | "bottom";
};

/**
 * A modal on Radix Dialog (docs/decisions/016-radix-primitives.md): it traps the focus, makes the
 * rest of the page inert, and closes on Escape, a click outside or the X. Callers open it by state,
 * so it puts the focus on the element marked `data-autofocus` (React's autoFocus would move it in
 * before the opener is noted) and gives it back to the opener on close. Pages use it through
 * ModalDialog (./modal-dialog.tsx), which fetches this code after hydration.
 */
export function RadixModalDialog({ open, onClose, title, children, placement = "center" }: ModalDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  const returnFocus = useReturnFocus();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY_CLASS} />
        <Dialog.Content
          ref={content}
          onOpenAutoFocus={(e) => {
            returnFocus.rememberOpener();
            const target = content.current?.querySelector<HTMLElement>("[data-autofocus]");
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          onEscapeKeyDown={(e) => {
            // An open combobox list takes the Escape itself (it closes the list, not the dialog).
            if (e.target instanceof HTMLElement && e.target.matches("[role=combobox][aria-expanded=true]"))
              e.preventDefault();
          }}
          className={placement === "bottom" ? BOTTOM_SHEET_CLASS : SHEET_CLASS}
        >
          <div className="flex items-center justify-between border-b border-rule px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1.5 text-ink-soft hover:bg-paper-deep" aria-label="Close">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
