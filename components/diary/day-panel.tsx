"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { buttonClass } from "@/components/ui/button-styles";
import { clearDraft, loadDraft, sameDraft, saveDraft } from "@/client/diary-drafts";
import { FETCH_DAY_FAILED, dayQuery, deleteJournal, journalKeys, saveJournal, type EntryFields, type Journal } from "@/client/journals";
import { formatLongDay, parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { ApiError } from "@/client/query-client";
import { SaveStatus } from "./action-bar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EMPTY_FIELDS, baselineOf, fieldsOf, isDirty, newEditor, openDay, type EditorState } from "./editor-state";
import { EntryEditor } from "./entry-editor";
import { EntryView } from "./entry-view";
import { PageSheet } from "./page-sheet";
import { useTimedMessage } from "./use-timed-message";

// docs/product.md §9: the saved confirmation shows 3 s; an error message clears after 5 s.
const SAVED_MS = 3000;
const ERROR_MS = 5000;

type FocusTarget = "title" | "entry" | "calendar";
type Question = "delete" | "discard" | null;

type Props = {
  userId: string;
  day: DayKey;
  today: DayKey;
  onDirtyChange: (dirty: boolean) => void;
  /** Puts the focus on the selected day in the calendar (after Cancel). */
  focusCalendar: () => void;
};

/** One day of the diary: its entry's read view or the editor, with saving, deleting and the day's draft. */
export function DayPanel({ userId, day, today, onDirtyChange, focusCalendar }: Props) {
  const queryClient = useQueryClient();
  const query = useQuery(dayQuery(day));
  // null: the read view; undefined: the day is not opened yet (its draft not looked at).
  const [editor, setEditor] = useState<EditorState | null | undefined>(undefined);
  const [question, setQuestion] = useState<Question>(null);
  const [saved, showSaved] = useTimedMessage<string>(SAVED_MS);
  const [error, showError, clearError] = useTimedMessage<string>(ERROR_MS);
  const titleRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  const entry = query.data;
  const inBrowser = useHydrated();
  // Until the draft has been looked at (in the browser only), show the day as the server knows it.
  const shown = editor === undefined ? (entry === undefined ? undefined : openDay(day, entry, null)) : editor;
  const dirty = isDirty(shown ?? null);

  // The draft is looked at in the browser only, once the day has arrived (so hydration matches the server).
  if (editor === undefined && entry !== undefined && inBrowser) setEditor(openDay(day, entry, loadDraft(userId, day)));

  useEffect(() => {
    const draft = loadDraft(userId, day);
    // A draft identical to what is saved says nothing new.
    if (draft && entry && sameDraft(draft, fieldsOf(entry))) clearDraft(userId, day);
  }, [entry, userId, day]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // Unsaved words are also kept as a draft, but closing the tab still deserves a question.
  useEffect(() => {
    if (!dirty) return;
    function onBeforeUnload(e: BeforeUnloadEvent) {
      e.preventDefault();
      e.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    if (target === "calendar") focusCalendar();
    else (target === "title" ? titleRef.current : headingRef.current)?.focus();
    focusNext.current = null;
  });

  const monthKey = journalKeys.month(parseDayKey(day).year, parseDayKey(day).month);

  /** The calendar's mark for this day changes at once, and goes back if the server says no. */
  async function markDay(written: boolean) {
    await queryClient.cancelQueries({ queryKey: monthKey });
    const before = queryClient.getQueryData<string[]>(monthKey);
    queryClient.setQueryData<string[]>(monthKey, (days = []) => (written ? [...new Set([...days, day])] : days.filter((d) => d !== day)));
    return { before };
  }
  function restoreMarks(context: { before: string[] | undefined } | undefined) {
    if (context) queryClient.setQueryData(monthKey, context.before);
  }

  const save = useMutation({
    mutationFn: (e: EditorState) =>
      e.entry
        ? saveJournal({ kind: "update", id: e.entry.id, day, fields: e.fields, photo: e.photo?.file ?? null, removePhoto: e.removePhoto })
        : saveJournal({ kind: "create", day, fields: e.fields, photo: e.photo?.file ?? null }),
    onMutate: () => markDay(true),
    onError: (err, _e, context) => {
      restoreMarks(context);
      // A failed save keeps everything: the text on screen and its draft.
      failed(err);
    },
    onSuccess: (journal, e) => {
      clearDraft(userId, day);
      queryClient.setQueryData<Journal | null>(journalKeys.day(day), journal);
      done(e.entry ? "Entry updated!" : "Entry saved!", "entry", null);
    },
    // docs/product.md §4: Save/Update then refetches the day.
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteJournal(id),
    onMutate: () => markDay(false),
    onError: (err, _id, context) => {
      restoreMarks(context);
      setQuestion(null);
      failed(err);
    },
    onSuccess: () => {
      clearDraft(userId, day);
      queryClient.setQueryData<Journal | null>(journalKeys.day(day), null);
      setQuestion(null);
      done("Entry deleted.", "title", newEditor(day, null, EMPTY_FIELDS));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: monthKey }),
  });

  // What happened to a save shows once, beside Save in the action bar (a live region), and no toast
  // repeats it over the entry (docs/decisions/044-screens-that-tell-the-truth.md).
  function failed(err: unknown) {
    showError(err instanceof ApiError ? err.message : "Something went wrong.");
  }

  function done(message: string, focus: FocusTarget, next: EditorState | null) {
    showSaved(message);
    focusNext.current = focus;
    setEditor(next);
  }

  function edit(update: (e: EditorState) => EditorState) {
    if (!shown) return;
    const next = update(shown);
    setEditor(next);
    if (sameDraft(next.fields, baselineOf(next))) clearDraft(userId, next.day);
    else saveDraft(userId, next.day, next.fields);
  }

  /** Back to the day as saved: the read view, or an empty page. */
  function discard(focus: FocusTarget) {
    if (shown?.photo) URL.revokeObjectURL(shown.photo.url);
    clearDraft(userId, day);
    clearError();
    setQuestion(null);
    setEditor(entry ? null : newEditor(day, null, EMPTY_FIELDS));
    focusNext.current = focus;
  }

  function escape() {
    if (dirty) setQuestion("discard");
    else if (shown?.entry) discard("calendar");
  }

  if (query.isPending) return <PageSheet>Loading the entry for {formatLongDay(day)}...</PageSheet>;
  if (query.isError && entry === undefined) {
    return (
      <PageSheet error onRetry={() => void query.refetch()}>
        {FETCH_DAY_FAILED}
      </PageSheet>
    );
  }

  const status = <SaveStatus saved={saved} error={error} />;
  const savedEntry = entry ?? null;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {shown?.restored ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-accent/40 bg-paper px-4 py-3 text-sm shadow-sm">
          <History aria-hidden className="size-4 text-leather" />
          <p className="flex-1">
            <span className="font-semibold text-leather">Draft restored</span>
            <span className="text-ink-soft"> — your unsaved words from this device are back.</span>
          </p>
          <button type="button" onClick={() => setQuestion("discard")} className={buttonClass("secondary", "py-1.5")}>
            Discard draft
          </button>
        </div>
      ) : null}

      {shown ? (
        <EntryEditor
          key={`${shown.day}-${shown.entry?.id ?? "new"}`}
          editor={shown}
          isToday={day === today}
          saving={save.isPending}
          titleRef={titleRef}
          status={status}
          onFields={(patch: Partial<EntryFields>) => edit((e) => ({ ...e, fields: { ...e.fields, ...patch } }))}
          onPickPhoto={(photo) => edit((e) => ({ ...e, photo: replacePhoto(e.photo, photo), removePhoto: false }))}
          onRemovePhoto={() => edit((e) => ({ ...e, photo: replacePhoto(e.photo, null), removePhoto: e.entry !== null && e.entry.images.length > 0 }))}
          onError={showError}
          onSave={() => {
            clearError();
            save.mutate(shown);
          }}
          onCancel={() => discard("calendar")}
          onEscape={escape}
        />
      ) : savedEntry ? (
        <EntryView
          journal={savedEntry}
          headingRef={headingRef}
          status={status}
          onEdit={() => {
            clearError();
            setEditor(newEditor(day, savedEntry, fieldsOf(savedEntry)));
            focusNext.current = "title";
          }}
          onDelete={() => setQuestion("delete")}
        />
      ) : null}

      <ConfirmDialog
        open={question === "delete"}
        title="Delete this entry?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        busyLabel="Deleting…"
        onConfirm={() => savedEntry && remove.mutate(savedEntry.id)}
        onCancel={() => setQuestion(null)}
      >
        The entry for {formatLongDay(day)} and its photo will be gone for good.
      </ConfirmDialog>
      <ConfirmDialog
        open={question === "discard"}
        title={shown?.entry ? "Discard your changes?" : "Discard this draft?"}
        confirmLabel={shown?.entry ? "Discard changes" : "Discard draft"}
        cancelLabel="Keep writing"
        destructive
        onConfirm={() => discard(shown?.entry ? "calendar" : "title")}
        onCancel={() => setQuestion(null)}
      >
        Your unsaved words for {formatLongDay(day)} will be gone, on this device too.
      </ConfirmDialog>
    </div>
  );
}

/** The new photo, releasing the preview URL of the one it replaces. */
function replacePhoto(current: EditorState["photo"], next: EditorState["photo"]): EditorState["photo"] {
  if (current) URL.revokeObjectURL(current.url);
  return next;
}
