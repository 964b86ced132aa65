"use client";

import { CloudOff, GitCompareArrows } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import type { Journal } from "@/client/journals";
import type { OutboxItem } from "@/client/outbox";

/** The day's page is kept on this device until the browser is online (docs/decisions/081). */
export function WaitingBanner() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-accent/40 bg-paper px-4 py-3 text-sm shadow-sm"
    >
      <CloudOff aria-hidden className="size-4 shrink-0 text-leather" />
      <p>
        <span className="font-semibold text-leather">Waiting to be sent</span>
        <span className="text-ink-soft">
          {" "}
          — this page is saved on this device and will be sent when you are online.
        </span>
      </p>
    </div>
  );
}

type ConflictProps = {
  item: OutboxItem;
  entry: Journal;
  busy: boolean;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
  onEdit: () => void;
};

/**
 * The day got an entry (or a newer version) from another device while this one was offline: the
 * server's stays, this device's words are the day's draft, and the writer chooses (docs/decisions/081).
 */
export function ConflictBanner({ item, entry, busy, onKeepMine, onKeepTheirs, onEdit }: ConflictProps) {
  const [comparing, setComparing] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border-2 border-leather/60 bg-paper px-4 py-3 text-sm shadow-sm"
    >
      <div className="flex items-start gap-3">
        <GitCompareArrows aria-hidden className="mt-0.5 size-4 shrink-0 text-leather" />
        <div className="flex-1">
          <h2 id={headingId} className="font-semibold text-leather">
            Written on two devices
          </h2>
          <p className="text-ink-soft">
            This day changed on another device while you wrote offline. Nothing was overwritten: your offline words are
            kept here as a draft.
          </p>
        </div>
      </div>
      {comparing ? (
        <div className="grid gap-3 min-[640px]:grid-cols-2">
          <Version label="Saved (from the other device)" title={entry.title} content={entry.content} />
          <Version label="Yours (written offline)" title={item.fields.title} content={item.fields.content} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={comparing}
          onClick={() => setComparing((c) => !c)}
          className={buttonClass("secondary", "py-1.5")}
        >
          {comparing ? "Hide comparison" : "Compare"}
        </button>
        <button type="button" disabled={busy} onClick={onKeepMine} className={buttonClass("primary", "py-1.5")}>
          Keep mine
        </button>
        <button type="button" disabled={busy} onClick={onKeepTheirs} className={buttonClass("secondary", "py-1.5")}>
          Keep theirs
        </button>
        <button type="button" disabled={busy} onClick={onEdit} className={buttonClass("secondary", "py-1.5")}>
          Edit to merge
        </button>
      </div>
    </section>
  );
}

function Version({ label, title, content }: { label: string; title: string; content: string }) {
  return (
    <figure className="flex min-w-0 flex-col gap-1 rounded-md border border-ink-soft/30 bg-surface p-3">
      <figcaption className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</figcaption>
      <p dir="auto" className="font-semibold break-words text-ink">
        {title}
      </p>
      <p dir="auto" className="break-words whitespace-pre-wrap text-ink">
        {content}
      </p>
    </figure>
  );
}
