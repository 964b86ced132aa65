"use client";

import { Download, LockOpen } from "lucide-react";
import { useId, useState, type MouseEvent, type ReactElement, type ReactNode } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { UnlockDialog } from "./unlock-dialog";

// The Download of a file the server writes with a locked diary's pages as "Locked page": the
// export's ZIP (./export-download.tsx, docs/decisions/119-a-locked-diarys-export.md) and the
// journal PDF (./pdf-download.tsx, docs/decisions/120-a-locked-diarys-pdf.md). On a device without
// the key it says so and offers "Unlock first…" or the file as is; on one holding it, the Download
// that opens the pages. Imported by those two only, fetched on demand: none of it, the unlock
// dialog included, comes with /me's first load.

/** What the first button does on a device holding the key. */
type UnlockedDownload = {
  label: string;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
  onClick: (key: CryptoKey) => void;
};

/**
 * While `showOwn` (a diary without locked pages, or the lock or the key still being asked), the
 * card's own buttons, `own`, their clicks held by `onOwnClick`. Then one view with or without the
 * key (`cryptoKey`): the note (`says`); `row`, the Download or "Unlock first…" (`first`) followed
 * by the card's other buttons, the file as is among them; then `children`, the work's progress
 * and outcome. With `noteAfter` the note follows the row and describes its buttons (`noteId`).
 */
export function UnlockFirst({
  owner,
  showOwn,
  own,
  onOwnClick,
  cryptoKey,
  says,
  download,
  noteAfter = false,
  className,
  row,
  children,
}: {
  owner: string;
  showOwn: boolean;
  own: ReactNode;
  onOwnClick: (event: MouseEvent) => void;
  cryptoKey: CryptoKey | null | undefined;
  says: { locked: string; opened: string };
  download: UnlockedDownload;
  noteAfter?: boolean;
  className: string;
  // The card lays out the row: its buttons must be the row's own children, as in `own`, for React
  // to keep their elements.
  row: (first: ReactElement, noteId?: string) => ReactElement;
  children: ReactNode;
}) {
  const [unlocking, setUnlocking] = useState(false);
  const id = useId();
  const noteId = noteAfter ? id : undefined;

  // Both views under one root, so that a button keeps its element and the focus from one to the
  // next: from the card's own (whose row `row` repeats), and from locked to unlocked (the dialog
  // gives the focus back to the first button, now the Download).
  if (showOwn)
    return (
      // Captures the card's own clicks (a mouse's or the keyboard's) only while the lock is not known yet.
      <div className="contents" onClickCapture={onOwnClick}>
        {own}
      </div>
    );

  const first = (
    <BusyButton
      type="button"
      busy={download.busy}
      busyLabel={download.busyLabel}
      disabled={download.disabled}
      aria-describedby={noteId}
      onClick={() => (cryptoKey ? download.onClick(cryptoKey) : setUnlocking(true))}
      className={download.className}
    >
      {cryptoKey ? <Download aria-hidden className="size-4" /> : <LockOpen aria-hidden className="size-4" />}
      {cryptoKey ? download.label : "Unlock first…"}
    </BusyButton>
  );
  const note = (
    <p id={noteId} className={noteAfter ? "mt-3 text-sm text-ink" : "text-sm text-ink"}>
      {cryptoKey ? says.opened : says.locked}
    </p>
  );
  return (
    <div className={className}>
      {noteAfter ? row(first, noteId) : note}
      {noteAfter ? note : row(first)}
      {children}
      <UnlockDialog owner={owner} open={unlocking} onClose={() => setUnlocking(false)} />
    </div>
  );
}
