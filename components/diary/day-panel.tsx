"use client";

import { History } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { FETCH_DAY_FAILED } from "@/client/journals";
import { ApiError } from "@/client/api-error";
import { formatLongDay, type DayKey } from "@/lib/dates/local-day";
import { SaveStatus } from "./action-bar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EntryEditor } from "./entry-editor";
import { EntryView } from "./entry-view";
import { ConflictBanner, WaitingBanner } from "./outbox-banners";
import { PageSheet } from "./page-sheet";
import { useDayEditor } from "./use-day-editor";
import { DamagedDayOnDemand, LockedDayOnDemand } from "@/components/lock/locked-day-on-demand";

type Props = {
  userId: string;
  day: DayKey;
  today: DayKey;
  onDirtyChange: (dirty: boolean) => void;
  /** Puts the focus on the selected day in the calendar (after Cancel). */
  focusCalendar: () => void;
};

/** One day of the diary: its entry's read view or the editor, with saving, deleting and the day's draft (components/diary/use-day-editor.ts). */
export function DayPanel({ userId, day, today, onDirtyChange, focusCalendar }: Props) {
  const dayEditor = useDayEditor({ userId, day, onDirtyChange, focusCalendar });
  const { query, shown, entry } = dayEditor;
  // Sharing a locked page makes it readable on the server: asked first (docs/diary-lock.md).
  const [askingToShare, setAskingToShare] = useState(false);

  if (query.isPending) return <PageSheet>Loading the entry for {formatLongDay(day)}...</PageSheet>;
  if (query.isError && entry === undefined) {
    // Offline, a day the worker has no copy of says so (client/journals.ts); it comes on reconnect by itself.
    return (
      <PageSheet error onRetry={() => void query.refetch()}>
        {query.error instanceof ApiError ? query.error.message : FETCH_DAY_FAILED}
      </PageSheet>
    );
  }

  // A locked page (docs/diary-lock.md): opened here, or locked on this device, or not openable.
  if (dayEditor.lock.status === "opening")
    return <PageSheet>Opening the locked page for {formatLongDay(day)}…</PageSheet>;
  if (dayEditor.lock.status === "locked") return <LockedDayOnDemand owner={userId} day={day} />;
  if (dayEditor.lock.status === "damaged")
    return <DamagedDayOnDemand day={day} message={dayEditor.lock.message} onRetry={dayEditor.reopen} />;

  const status = <SaveStatus saved={dayEditor.saved} error={dayEditor.error} />;
  const savedEntry = entry ?? null;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {dayEditor.conflict && savedEntry ? (
        <ConflictBanner
          item={dayEditor.conflict}
          entry={savedEntry}
          busy={dayEditor.saving}
          onKeepMine={() => dayEditor.conflict && dayEditor.keepMine(dayEditor.conflict)}
          onKeepTheirs={() => dayEditor.conflict && dayEditor.send({ type: "kept theirs", item: dayEditor.conflict })}
          onEdit={() => dayEditor.conflict && dayEditor.send({ type: "edit mine", item: dayEditor.conflict })}
        />
      ) : dayEditor.waiting ? (
        <WaitingBanner />
      ) : shown?.restored ? (
        <DraftRestored onDiscard={() => dayEditor.send({ type: "asked", question: "discard" })} />
      ) : null}

      {shown ? (
        <EntryEditor
          key={`${shown.day}-${shown.entry?.id ?? "new"}`}
          editor={shown}
          isToday={day === today}
          saving={dayEditor.saving}
          titleRef={dayEditor.titleRef}
          status={status}
          onFields={(patch) => dayEditor.send({ type: "typed", patch })}
          onPickPhoto={(photo, add) => dayEditor.send({ type: "photo picked", photo, add })}
          onRemovePhoto={() => dayEditor.send({ type: "photo removed" })}
          onGallery={(photos) => dayEditor.send({ type: "gallery changed", photos })}
          onError={(message) => dayEditor.send({ type: "error shown", message })}
          onSave={() =>
            shown.entry?.locked && shown.fields.visibility !== "private"
              ? setAskingToShare(true)
              : dayEditor.save(shown)
          }
          // Changed words are never dropped without asking, as Escape already asks.
          onCancel={() =>
            dayEditor.send(
              dayEditor.dirty ? { type: "asked", question: "discard" } : { type: "discarded", focus: "calendar" },
            )
          }
          onEscape={() => dayEditor.send({ type: "escape" })}
        />
      ) : savedEntry ? (
        <EntryView
          journal={savedEntry}
          headingRef={dayEditor.headingRef}
          status={status}
          owner={userId}
          onEdit={(from) => dayEditor.send({ type: "edit started", from })}
          onDelete={() => dayEditor.send({ type: "asked", question: "delete" })}
        />
      ) : null}

      <ConfirmDialog
        open={askingToShare}
        title="Share this locked page?"
        confirmLabel="Share it"
        cancelLabel="Keep it locked"
        onConfirm={() => {
          setAskingToShare(false);
          if (shown) dayEditor.save(shown);
        }}
        onCancel={() => setAskingToShare(false)}
      >
        Your circle and Inkwell&apos;s server will be able to read this page: its words and its photo are stored
        readable again.
      </ConfirmDialog>
      <ConfirmDialog
        open={dayEditor.question === "delete"}
        title="Delete this entry?"
        confirmLabel="Delete"
        destructive
        busy={dayEditor.deleting}
        busyLabel="Deleting…"
        onConfirm={() => savedEntry && dayEditor.deleteEntry(savedEntry.id)}
        onCancel={() => dayEditor.send({ type: "asked", question: null })}
      >
        The entry for {formatLongDay(day)} moves to Recently deleted (on Me → Writing), where you can restore it for 30
        days. Its hearts and replies go now.
      </ConfirmDialog>
      <ConfirmDialog
        open={dayEditor.question === "discard"}
        title={shown?.entry ? "Discard your changes?" : "Discard this draft?"}
        confirmLabel={shown?.entry ? "Discard changes" : "Discard draft"}
        cancelLabel="Keep writing"
        destructive
        onConfirm={() => dayEditor.send({ type: "discarded", focus: shown?.entry ? "calendar" : "title" })}
        onCancel={() => dayEditor.send({ type: "asked", question: null })}
      >
        Your unsaved words for {formatLongDay(day)} will be gone, on this device too.
      </ConfirmDialog>
    </div>
  );
}

/** Words kept in this browser, put back into the editor; they can be let go. */
function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-accent/40 bg-paper px-4 py-3 text-sm shadow-sm"
    >
      <History aria-hidden className="size-4 text-leather" />
      <p className="flex-1">
        <span className="font-semibold text-leather">Draft restored</span>
        <span className="text-ink-soft"> — your unsaved words from this device are back.</span>
      </p>
      <button type="button" onClick={onDiscard} className={buttonClass("secondary", "py-1.5")}>
        Discard draft
      </button>
    </div>
  );
}
