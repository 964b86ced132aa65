"use client";

import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert and Escape
 * closes it. Tab would still leave for the browser's own UI, so we wrap it around the dialog's
 * controls, and we restore focus to the opener rather than rely on each browser doing it.
 */
export function ModalDialog({ open, onClose, title, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus does not survive the dialog being hidden at mount; mark the target instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
      onKeyDown={(e) => {
        if (e.key !== "Tab" || !ref.current) return;
        const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, not its content.
        if (e.target === e.currentTarget) ref.current?.close();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-lg border border-ink-soft/30 bg-paper p-0 text-ink shadow-xl"
    >
      <div className="flex items-center justify-between border-b border-rule px-4 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="rounded-md p-1.5 text-ink-soft hover:bg-paper-deep"
          aria-label="Close"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  );
}
