"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { clearDraft, loadDraft, sameDraft, saveDraft } from "@/client/diary-drafts";
import { dayQuery, deleteJournal, journalKeys, saveJournal, type EntryFields, type Journal } from "@/client/journals";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { ApiError } from "@/client/api-error";
import { addOutboxItem, OutboxPhotoTooLargeError, removeOutboxItem, type OutboxItem } from "@/client/outbox";
import { registerOutboxSync } from "@/client/outbox-sync-registration";
import { onPageSent } from "@/client/page-sent";
import { EMPTY_FIELDS, baselineOf, fieldsOf, isDirty, newEditor, openDay, type EditorState } from "./editor-state";
import { useTimedMessage } from "./use-timed-message";
import { useOutboxItems } from "./use-outbox";

// docs/product.md §9: the saved confirmation shows 3 s; an error message clears after 5 s.
const SAVED_MS = 3000;
const ERROR_MS = 5000;
export const QUEUED_MESSAGE = "Saved on this device — it will be sent when you are online";
const NOT_KEPT_MESSAGE =
  "You are offline, and this device could not keep the page. Your words are still here; save again once online.";

type Saved = { queued: false; journal: Journal } | { queued: true };

type FocusTarget = "title" | "entry" | "calendar";
export type Question = "delete" | "discard" | null;

/**
 * One day of the diary as the editor sees it: the day's entry, what is shown (the read view, null,
 * or the editor's state), its draft, saving and deleting, and where the focus goes next. The views
 * are components/diary/day-panel.tsx.
 */
export function useDayEditor({
  userId,
  day,
  onDirtyChange,
  focusCalendar,
}: {
  userId: string;
  day: DayKey;
  onDirtyChange: (dirty: boolean) => void;
  focusCalendar: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(dayQuery(day));
  // What the writer made of the day (null: back to the read view); undefined until they act.
  const [editor, setEditor] = useState<EditorState | null | undefined>(undefined);
  const [question, setQuestion] = useState<Question>(null);
  const [saved, showSaved] = useTimedMessage<string>(SAVED_MS);
  const [error, showError, clearError] = useTimedMessage<string>(ERROR_MS);
  const titleRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  const entry = query.data;
  const outbox = useOutboxItems(userId);
  /** The day's page waiting to be sent, or its conflict with what another device wrote (docs/decisions/081). */
  const waiting = outbox.find((i) => i.day === day && i.state === "waiting") ?? null;
  const conflict = outbox.find((i) => i.day === day && i.state === "conflict") ?? null;
  // A conflict (docs/decisions/081): the offline words go into the editor over the other device's
  // entry, an edit of it rather than a second page of the day, while the banner offers the choices;
  // once, when the conflict or the entry it clashes with first shows.
  const conflictKey = conflict && entry ? `${conflict.id} ${entry.id}` : null;
  const [seenConflict, setSeenConflict] = useState<string | null>(null);
  if (conflictKey !== seenConflict) {
    setSeenConflict(conflictKey);
    if (conflict && entry) setEditor(newEditor(day, entry, conflict.fields, true));
  }
  const inBrowser = useHydrated();
  // The day as it opens, before the writer acts: with this browser's draft once hydrated (the
  // server knows no drafts, so hydration sees the day as the server rendered it).
  const opened = useMemo(
    () => (entry === undefined ? undefined : openDay(day, entry, inBrowser ? loadDraft(userId, day) : null)),
    [day, entry, inBrowser, userId],
  );
  const shown = editor === undefined ? opened : editor;
  // Words already in the outbox are safe on this device: nothing to warn about when leaving.
  const dirty =
    isDirty(shown ?? null) && !(waiting && shown && sameDraft(waiting.fields, shown.fields) && !shown.photo);

  useEffect(() => {
    const draft = loadDraft(userId, day);
    // A draft identical to what is saved says nothing new.
    if (draft && entry && sameDraft(draft, fieldsOf(entry))) clearDraft(userId, day);
  }, [entry, userId, day]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The day's waiting page reached the server (client/page-sent.ts): show it as saved.
  useEffect(
    () =>
      onPageSent(({ day: sentDay, journal, fields }) => {
        if (sentDay !== day) return;
        if (journal) queryClient.setQueryData<Journal | null>(journalKeys.day(day), journal);
        setEditor((current) => {
          const open = current === undefined ? opened : current;
          if (open && !sameDraft(open.fields, fields)) return current;
          clearDraft(userId, day);
          return null;
        });
      }),
    [day, userId, opened, queryClient],
  );
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
    queryClient.setQueryData<string[]>(monthKey, (days = []) =>
      written ? [...new Set([...days, day])] : days.filter((d) => d !== day),
    );
    return { before };
  }
  function restoreMarks(context: { before: string[] | undefined } | undefined) {
    if (context) queryClient.setQueryData(monthKey, context.before);
  }

  /**
   * Keeps the page in the outbox, to be sent when the browser is online (docs/decisions/081). After
   * an online attempt whose answer was lost, with that attempt's key and, as it did, without If-Match:
   * the same request again, which the server answers once.
   */
  async function queue(e: EditorState, attempt?: string): Promise<Saved> {
    try {
      await addOutboxItem({
        id: attempt,
        userId,
        day,
        kind: e.entry ? "update" : "create",
        entryId: e.entry?.id ?? null,
        baseUpdatedAt: attempt ? null : (e.entry?.updatedAt ?? null),
        fields: e.fields,
        photo: e.photo?.file ?? null,
        removePhoto: e.removePhoto,
      });
    } catch (err) {
      throw err instanceof OutboxPhotoTooLargeError
        ? new ApiError(413, err.message)
        : new ApiError(0, NOT_KEPT_MESSAGE);
    }
    void registerOutboxSync();
    return { queued: true };
  }

  const save = useMutation({
    // Offline, TanStack would pause the save until the network returns; this one queues at once instead.
    networkMode: "always",
    mutationFn: async (e: EditorState): Promise<Saved> => {
      if (!navigator.onLine) return queue(e);
      const key = crypto.randomUUID();
      try {
        const journal = e.entry
          ? await saveJournal(
              {
                kind: "update",
                id: e.entry.id,
                day,
                fields: e.fields,
                photo: e.photo?.file ?? null,
                removePhoto: e.removePhoto,
              },
              key,
            )
          : await saveJournal({ kind: "create", day, fields: e.fields, photo: e.photo?.file ?? null }, key);
        return { queued: false, journal };
      } catch (err) {
        // The request never got an answer: keep it for later. An answer (a 4xx, a 500) is shown as ever.
        if (err instanceof ApiError && err.status === 0) return queue(e, key);
        throw err;
      }
    },
    onMutate: () => markDay(true),
    onError: (err, _e, context) => {
      restoreMarks(context);
      // A failed save keeps everything: the text on screen and its draft.
      failed(err);
    },
    onSuccess: (result, e, context) => {
      if (result.queued) {
        // Not on the server yet: the day's mark says "waiting", and the words stay in the editor and the draft.
        restoreMarks(context);
        showSaved(QUEUED_MESSAGE);
        return;
      }
      clearDraft(userId, day);
      // A conflict settled by saving this device's words or a merge of both.
      if (conflict) void removeOutboxItem(conflict.id);
      queryClient.setQueryData<Journal | null>(journalKeys.day(day), result.journal);
      done(e.entry ? "Entry updated!" : "Entry saved!", "entry", null);
    },
    // docs/product.md §4: Save/Update then refetches the day.
    onSettled: (result) => (result?.queued ? undefined : queryClient.invalidateQueries({ queryKey: journalKeys.all })),
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

  /** "Keep theirs": the server's entry stays; this device's offline words go. */
  function keepTheirs(item: OutboxItem) {
    void removeOutboxItem(item.id);
    discard("entry");
  }

  return {
    query,
    waiting,
    conflict,
    keepTheirs,
    /** "Keep mine": this device's words replace the entry, as a Save of them would. */
    keepMine: (item: OutboxItem) => {
      if (!entry) return;
      clearError();
      save.mutate(newEditor(day, entry, item.fields));
    },
    /** "Edit to merge": this device's words in the editor over the entry, to merge by hand and save. */
    editMine: (item: OutboxItem) => {
      if (!entry) return;
      clearError();
      setEditor(newEditor(day, entry, item.fields, true));
      focusNext.current = "title";
    },
    /** The day's saved entry: undefined while it loads, null for a day without one. */
    entry,
    /** The editor's state, null for the read view, undefined while the day loads. */
    shown,
    dirty,
    question,
    setQuestion,
    saved,
    error,
    showError,
    titleRef,
    headingRef,
    saving: save.isPending,
    deleting: remove.isPending,
    setFields: (patch: Partial<EntryFields>) => edit((e) => ({ ...e, fields: { ...e.fields, ...patch } })),
    pickPhoto: (photo: EditorState["photo"]) =>
      edit((e) => ({ ...e, photo: replacePhoto(e.photo, photo), removePhoto: false })),
    removePhoto: () =>
      edit((e) => ({
        ...e,
        photo: replacePhoto(e.photo, null),
        removePhoto: e.entry !== null && e.entry.images.length > 0,
      })),
    save: (e: EditorState) => {
      clearError();
      save.mutate(e);
    },
    startEditing: (journal: Journal) => {
      clearError();
      setEditor(newEditor(day, journal, fieldsOf(journal)));
      focusNext.current = "title";
    },
    deleteEntry: (id: string) => remove.mutate(id),
    discard,
    /** Escape in the editor: ask before losing words, else back to the saved entry. */
    escape: () => {
      if (dirty) setQuestion("discard");
      else if (shown?.entry) discard("calendar");
    },
  };
}

/** The new photo, releasing the preview URL of the one it replaces. */
function replacePhoto(current: EditorState["photo"], next: EditorState["photo"]): EditorState["photo"] {
  if (current) URL.revokeObjectURL(current.url);
  return next;
}
