"use client";

import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClass } from "./button-styles";
import { OVERLAY_CLASS, SHEET_CLASS } from "./dialog-styles";
import { useReturnFocus } from "./use-return-focus";

type Props = {
  open: boolean;
  title: string;
  /** What is being asked, read out with the title. */
  children: ReactNode;
  /** The answers: an AlertDialogCancel, which gets the focus, then the action. */
  actions: ReactNode;
  /** The answer is being carried out: nothing may dismiss the dialog until it is done. */
  busy?: boolean;
  onCancel: () => void;
  /** Where the focus goes on close when what opened the dialog is gone (see useReturnFocus). */
  focusWhenOpenerGone?: () => HTMLElement | null | undefined;
};

/**
 * A question that must be answered, on Radix AlertDialog (docs/decisions/016-radix-primitives.md):
 * a click outside never dismisses it, Escape and Cancel do, except while `busy`, and the focus
 * starts on Cancel, the safe answer.
 */
export function AlertDialog({ open, title, children, actions, busy = false, onCancel, focusWhenOpenerGone }: Props) {
  const returnFocus = useReturnFocus();

  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        // Escape and Cancel both end up here; while busy the dialog stays, as does the focus in it.
        if (!next && !busy) onCancel();
      }}
    >
      <AlertDialogPrimitive.Portal>
        {/* A click outside answers nothing, so it must not take the focus either (it would drop to <body>). */}
        <AlertDialogPrimitive.Overlay className={OVERLAY_CLASS} onMouseDown={(e) => e.preventDefault()} />
        <AlertDialogPrimitive.Content
          onOpenAutoFocus={returnFocus.rememberOpener}
          onCloseAutoFocus={(event) => returnFocus.onCloseAutoFocus(event, focusWhenOpenerGone)}
          className={`${SHEET_CLASS} p-5`}
        >
          <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description asChild>
            <div className="mt-2">{children}</div>
          </AlertDialogPrimitive.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">{actions}</div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/** The safe answer: closes the dialog through onCancel and has the focus when it opens. */
export function AlertDialogCancel({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <AlertDialogPrimitive.Cancel className={buttonClass("secondary", className)} {...props} />;
}
