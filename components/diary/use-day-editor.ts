"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { clearDraft, loadDraft, sameDraft, saveDraft, saveSealedDraft, type DiaryDraft } from "@/client/diary-drafts";
import { useSealedDraft } from "@/components/lock/use-sealed-draft";
import { dayQuery, deleteJournal, journalKeys, saveJournal, type Journal, type SaveRequest } from "@/client/journals";
import { undoDelete, versionKeys } from "@/client/versions";
import { notify } from "@/client/toasts";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { ApiError } from "@/client/api-error";
import { OFFLINE_MESSAGE } from "@/client/query-client";
import {
  addOutboxItem,
  OutboxPhotoTooLargeError,
  removeOutboxItem,
  SEALED_FIELDS,
  type OutboxItem,
} from "@/client/outbox";
import { registerOutboxSync } from "@/client/outbox-sync-registration";
import { onPageSent } from "@/client/page-sent";
import {
  NOT_KEPT_MESSAGE,
  caughtUp,
  dayEditorReducer,
  initialDayEditor,
  isDirtyShown,
  outboxOf,
  phaseOf,
  shownOf,
  type Chore,
  type DayEditorEvent,
  type DayWorld,
} from "./day-editor-machine";
import { fieldsOf, newEditor, photosToSave, type EditorState } from "./editor-state";
import { knownUpload } from "@/client/photo-uploads";
import { useOutboxItems } from "./use-outbox";
import { useLockedEntry, openedEntryQuery, type LockedEntry } from "@/components/lock/use-locked-entry";
import type { SealedSave } from "@/client/lock/save";
import { deviceKeyQuery, knownLockConcern, lockKeys } from "@/client/lock/keys";

export { QUEUED_MESSAGE } from "./day-editor-machine";

// docs/product.md §9: the saved confirmation shows 3 s; an error message clears after 5 s.
const SAVED_MS = 3000;
const ERROR_MS = 5000;

type Saved = { queued: false; journal: Journal } | { queued: true };

/** One save: the editor's words, its attempt (also its Idempotency-Key), and the conflict it settles if the server takes it. */
interface SaveVariables {
  editor: EditorState;
  attempt: string;
  settles: string | null;
}

/**
 * One day of the diary as the editor sees it: the day's entry, what is shown (the read view, null,
 * or the editor's state), its draft, saving and deleting, and where the focus goes next. What the
 * screen is lives in a pure reducer (./day-editor-machine.ts, docs/decisions/103); this hook feeds
 * it the world (the day's query, the draft, the outbox) and typed events, and does what it asks
 * (drafts, focus) and what talks to the server. The views are components/diary/day-panel.tsx.
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
  // A locked page is opened in the browser (docs/diary-lock.md); until it is, the day is not shown
  // to the editor at all (undefined, as while loading), so no draft or edit can start over the
  // placeholder.
  const opened = useLockedEntry(userId, query.data);
  const readable = opened.status === "plain" || opened.status === "open" ? opened.entry : undefined;
  const outbox = useOutboxItems(userId);
  const inBrowser = useHydrated();
  // This device's key, if the diary is locked and unlocked here: a private page's draft is then
  // kept sealed (client/lock/drafts.ts), and one kept so is opened before the day shows.
  const deviceKey = useQuery(deviceKeyQuery(userId));
  const sealedDraft = useSealedDraft(userId, day, readable !== undefined && inBrowser, readable);
  const entry = sealedDraft.status === "opening" || sealedDraft.status === "locked" ? undefined : readable;
  const lock: LockedEntry = sealedDraft.status === "locked" ? { status: "locked" } : opened;
  // This browser's draft of the day once hydrated (the server knows no drafts, so hydration sees the
  // day as the server rendered it), read again when the day or its entry changes.
  const openedDraft = sealedDraft.status === "open" ? sealedDraft.draft : null;
  const draft = useMemo(
    () => (entry === undefined || !inBrowser ? null : (openedDraft ?? loadDraft(userId, day))),
    [day, entry, inBrowser, userId, openedDraft],
  );
  const world: DayWorld = useMemo(() => ({ day, entry, draft, outbox }), [day, entry, draft, outbox]);

  const [state, dispatch] = useReducer(dayEditorReducer, day, initialDayEditor);
  // Each event carries the world as last rendered: the answers of saves and the outbox's news come
  // between renders.
  const worldRef = useRef(world);
  useEffect(() => {
    worldRef.current = world;
  }, [world]);
  const send = useCallback((event: DayEditorEvent) => dispatch({ event, world: worldRef.current }), []);

  const now = caughtUp(state, world);
  const shown = shownOf(state, world);
  const dirty = isDirtyShown(shown, world);
  const { waiting, conflict } = outboxOf(day, outbox);

  const titleRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /**
   * Keeps the words as the day's draft: sealed when this device holds the locked diary's key and the
   * page is private (in order: only the last writing of the day is kept), readable otherwise. A
   * private page's words typed before this device knows whether it holds a key wait for the answer:
   * they are never kept readable on a device that holds one.
   */
  const sealings = useRef(0);
  const key = deviceKey.data;
  const writeDraft = useCallback(
    (draftDay: string, words: DiaryDraft) => {
      const sealing = (sealings.current += 1);
      if (words.visibility !== "private") return saveDraft(userId, draftDay, words);
      const keep = (held: CryptoKey | null) => {
        if (sealing !== sealings.current) return;
        if (!held) return saveDraft(userId, draftDay, words);
        void import("@/client/lock/drafts")
          .then(({ sealDraft }) => sealDraft(held, userId, draftDay, words))
          .then(
            (sealed) => sealing === sealings.current && saveSealedDraft(userId, draftDay, sealed),
            // Not kept: the words are still on screen, and leaving still asks first.
            () => undefined,
          );
      };
      if (key !== undefined) return keep(key);
      void queryClient.fetchQuery(deviceKeyQuery(userId)).then(keep, () => keep(null));
    },
    [key, userId, queryClient],
  );

  // What the reducer asked for, once the screen shows the step that asked.
  const choresDone = useRef(0);
  useEffect(() => {
    const fresh = state.chores.filter((c) => c.seq > choresDone.current);
    const last = fresh.at(-1);
    if (!last) return;
    for (const chore of fresh) run(chore);
    choresDone.current = last.seq;
    send({ type: "chores done", upTo: choresDone.current });

    function run(chore: Chore) {
      switch (chore.type) {
        case "write draft":
          return writeDraft(chore.day, chore.draft);
        case "clear draft":
          // A sealing still under way must not write the draft back.
          sealings.current += 1;
          return clearDraft(userId, chore.day);
        case "remove from outbox":
          return void removeOutboxItem(chore.id);
        case "release photo":
          return URL.revokeObjectURL(chore.url);
        case "focus":
          if (chore.target === "calendar") return focusCalendar();
          return (chore.target === "title" ? titleRef.current : headingRef.current)?.focus();
      }
    }
  }, [state.chores, userId, focusCalendar, send, writeDraft]);

  // Messages beside Save clear themselves (docs/product.md §9).
  useNoticeExpiry(now.saved, "saved", SAVED_MS, send);
  useNoticeExpiry(now.error, "error", ERROR_MS, send);

  useEffect(() => {
    const kept = loadDraft(userId, day);
    // A draft identical to what is saved says nothing new.
    if (kept && entry && sameDraft(kept, fieldsOf(entry))) clearDraft(userId, day);
  }, [entry, userId, day]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The day's waiting page reached the server (client/page-sent.ts): show it as saved.
  useEffect(
    () =>
      onPageSent(({ day: sentDay, journal, fields }) => {
        if (sentDay !== day) return;
        if (journal) queryClient.setQueryData<Journal | null>(journalKeys.day(day), journal);
        send({ type: "page sent", day: sentDay, fields });
      }),
    [day, queryClient, send],
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
    if (!context) return;
    // The month had not come yet (its fetch was still on its way, and markDay cancelled it): there
    // is nothing to put back, and setting `undefined` would keep the mark. It is asked again.
    if (context.before === undefined) void queryClient.resetQueries({ queryKey: monthKey, exact: true });
    else queryClient.setQueryData(monthKey, context.before);
  }

  /**
   * Keeps the page in the outbox, to be sent when the browser is online (docs/decisions/081). After
   * an online attempt whose answer was lost, with that attempt's key and, as it did, without If-Match:
   * the same request again, which the server answers once. `sealed`: a locked diary's private page,
   * sealed here, of which the outbox keeps only that (docs/diary-lock.md).
   */
  async function queue(e: EditorState, attempt?: string, sealed?: SealedSave): Promise<Saved> {
    const photos = photosToSave(e);
    try {
      await addOutboxItem({
        id: attempt,
        userId,
        day: e.day,
        kind: e.entry ? "update" : "create",
        entryId: e.entry?.id ?? null,
        baseUpdatedAt: attempt ? null : (e.entry?.updatedAt ?? null),
        fields: sealed ? SEALED_FIELDS : { ...e.fields, imageDescription: photos.imageDescription },
        photo: sealed ? sealed.photo : photos.photo,
        removePhoto: photos.removePhoto,
        // A page of several photos (docs/decisions/134): each new one kept here, with the upload an
        // online try already made (the request whose answer was lost named it).
        // A sealed page of several: each new photo sealed here (docs/decisions/139).
        ...(sealed?.photos ? { photos: sealed.photos } : {}),
        ...(photos.photos && !sealed
          ? {
              photos: photos.photos.map(({ id, file, description }) => ({
                blob: file,
                upload: file ? knownUpload(file) : undefined,
                photo: id,
                description,
              })),
            }
          : {}),
        ...(sealed ? { sealed: sealed.fields } : {}),
      });
    } catch (err) {
      throw err instanceof OutboxPhotoTooLargeError
        ? new ApiError(413, err.message)
        : new ApiError(0, NOT_KEPT_MESSAGE);
    }
    void registerOutboxSync();
    return { queued: true };
  }

  // The save's own day, cache and storage are settled here, by its own answer, even when the writer
  // has gone to another day meanwhile; the reducer shows the answer only on the day that asked.
  const save = useMutation({
    // Offline, TanStack would pause the save until the network returns; this one queues at once instead.
    networkMode: "always",
    mutationFn: async ({ editor: e, attempt }: SaveVariables): Promise<Saved> => {
      const { photo, removePhoto, imageDescription, photos } = photosToSave(e);
      const fields = { ...e.fields, imageDescription };
      const list = photos ? { photos } : {};
      const req: SaveRequest = e.entry
        ? { kind: "update", id: e.entry.id, day: e.day, fields, photo, removePhoto, ...list }
        : { kind: "create", day: e.day, fields, photo, ...list };
      /**
       * Offline, or the request `lost` got no answer: the page waits in the outbox. A locked diary's
       * private page waits only sealed (docs/diary-lock.md), sealed now with this device's key; without
       * the key, or for a locked page shared again (which only the server can unseal), it is refused
       * and the words stay.
       */
      const offline = async (lost?: { key: string; form: FormData | undefined }): Promise<Saved> => {
        // A sealed request waits as it was sent: the server answers its key once, for that request only.
        const sealedSent = lost?.form ? (await import("@/client/lock/save")).sealedSaveOf(lost.form) : null;
        if (lost && sealedSent) return queue(e, lost.key, sealedSent);
        // The lock is not known to concern this save: it waits readable. Else the lock's code decides
        // (client/lock/editor.ts): sealed, readable while the lock is being turned off, or refused.
        if (!knownLockConcern(queryClient, userId, e.entry)) return queue(e, lost?.key);
        const { offlineSealing } = await lockEditor();
        const sealed = await offlineSealing({ queryClient, owner: userId, req, entry: e.entry });
        // Sealed here, not the lost request (a readable one, or none): a request of its own, with a new key.
        return sealed ? queue(e, undefined, sealed) : queue(e, lost?.key);
      };
      if (!navigator.onLine) return offline();
      /** The last request sent: its Idempotency-Key and its form (undefined: the readable one). */
      let sent: { key: string; form: FormData | undefined } | undefined;
      const send = async (fresh: boolean) => {
        // A new request after a refusal: the server keeps its answer to the first key (docs/decisions/081).
        const key = fresh ? crypto.randomUUID() : attempt;
        sent = undefined;
        // Only a private or a locked page may be sealed: the lock's code is asked then (client/lock/editor.ts).
        const form =
          req.fields.visibility === "private" || e.entry?.locked
            ? await lockEditor().then(({ lockedForm }) =>
                lockedForm({ queryClient, owner: userId, req, entry: e.entry, fresh }),
              )
            : undefined;
        sent = { key, form };
        return saveJournal(req, key, form);
      };
      try {
        // Locked in another tab since this one last asked: sealed, and sent again.
        const journal = await send(false).catch(async (err: unknown) => {
          const meanwhile =
            err instanceof ApiError && err.status === 409
              ? await lockEditor().then(
                  ({ lockedMeanwhile }) => lockedMeanwhile(err),
                  () => false,
                )
              : false;
          if (meanwhile) return send(true);
          throw err;
        });
        if (journal.locked) {
          // The saved page opens here before it is shown, so the day never flashes "opening".
          const key = await queryClient.fetchQuery(deviceKeyQuery(userId));
          await queryClient.fetchQuery(openedEntryQuery(userId, journal, key)).catch(() => undefined);
        }
        return { queued: false, journal };
      } catch (err) {
        // The request never got an answer: keep it for later. An answer (a 4xx, a 500) is shown as ever.
        if (err instanceof ApiError && err.status === 0) return offline(sent);
        throw err;
      }
    },
    onMutate: () => markDay(true),
    onError: (err, { editor: e, attempt }, context) => {
      restoreMarks(context);
      // A failed save keeps everything: the text on screen and its draft.
      send({ type: "save refused", attempt, day: e.day, message: messageOf(err) });
    },
    onSuccess: (result, { editor: e, attempt, settles }, context) => {
      if (result.queued) {
        // Not on the server yet: the day's mark says "waiting", and the words stay in the editor and the draft.
        restoreMarks(context);
        send({ type: "save queued", attempt, day: e.day });
        return;
      }
      clearDraft(userId, e.day);
      // A conflict settled by saving this device's words or a merge of both.
      if (settles) void removeOutboxItem(settles);
      queryClient.setQueryData<Journal | null>(journalKeys.day(e.day), result.journal);
      send({ type: "save answered", attempt, day: e.day, journal: result.journal, updated: e.entry !== null });
    },
    // docs/product.md §4: Save/Update then refetches the day.
    onSettled: (result) => {
      if (result?.queued) return;
      // The locked pages opened for the search are read again at the next search.
      void queryClient.invalidateQueries({ queryKey: [...lockKeys.all, "index"] });
      void queryClient.invalidateQueries({ queryKey: [...lockKeys.all, "search"] });
      return queryClient.invalidateQueries({ queryKey: journalKeys.all });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteJournal(id),
    onMutate: () => markDay(false),
    onError: (err, _id, context) => {
      restoreMarks(context);
      send({ type: "delete refused", day, message: messageOf(err) });
    },
    onSuccess: (_, id) => {
      clearDraft(userId, day);
      queryClient.setQueryData<Journal | null>(journalKeys.day(day), null);
      void queryClient.invalidateQueries({ queryKey: versionKeys.deleted });
      // Kept in Recently deleted (docs/decisions/127): one step back from here too.
      notify.info("Moved to Recently deleted", {
        description: "Restore it from Me → Writing for 30 days.",
        action: {
          label: "Undo",
          onClick: () =>
            void undoDelete(queryClient, id).then(
              (back) => back && send({ type: "page restored", day: back.journaldate }),
            ),
        },
      });
      void queryClient.invalidateQueries({ queryKey: [...lockKeys.all, "index"] });
      void queryClient.invalidateQueries({ queryKey: [...lockKeys.all, "search"] });
      send({ type: "delete answered", day });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: monthKey }),
  });

  function startSave(e: EditorState) {
    const attempt = crypto.randomUUID();
    send({ type: "save requested", attempt, day: e.day });
    save.mutate({ editor: e, attempt, settles: conflict?.id ?? null });
  }

  return {
    query,
    /** The day's entry as the lock shows it: readable, opened, opening, locked here or damaged. */
    lock,
    /** Reads the day again and opens it anew ("Try again" on a page that did not open). */
    reopen: () => {
      void queryClient.resetQueries({ queryKey: lockKeys.all });
      void query.refetch();
    },
    /** The day's saved entry: undefined while it loads, null for a day without one. */
    entry,
    /** The editor's state, null for the read view, undefined while the day loads. */
    shown,
    dirty,
    phase: phaseOf(state, world),
    waiting,
    conflict,
    question: now.question,
    saved: now.saved?.text ?? null,
    error: now.error?.text ?? null,
    saving: now.save.status === "saving",
    deleting: now.deleting,
    titleRef,
    headingRef,
    /** Tells the day's editor what the writer did (./day-editor-machine.ts, DayEditorEvent). */
    send,
    save: startSave,
    /** "Keep mine": this device's words replace the entry, as a Save of them would. */
    keepMine: (item: OutboxItem) => {
      if (entry) startSave(newEditor(day, entry, item.fields));
    },
    deleteEntry: (id: string) => {
      send({ type: "delete requested", day });
      remove.mutate(id);
    },
  };
}

/** Tells the editor when the notice `shown` (its `seq`) has been on screen for `ms`. */
function useNoticeExpiry(
  shown: { seq: number } | null | undefined,
  notice: "saved" | "error",
  ms: number,
  send: (event: DayEditorEvent) => void,
) {
  const seq = shown?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    const timer = window.setTimeout(() => send({ type: "notice expired", notice, seq }), ms);
    return () => window.clearTimeout(timer);
  }, [seq, notice, ms, send]);
}

/**
 * The lock's part of a save (client/lock/editor.ts), loaded when a save may concern the lock. Code
 * that cannot be fetched is a request that got no answer: the page waits in the outbox.
 */
function lockEditor() {
  return import("@/client/lock/editor").catch(() => {
    throw new ApiError(0, OFFLINE_MESSAGE);
  });
}

// What happened to a save shows once, beside Save in the action bar (a live region), and no toast
// repeats it over the entry (docs/decisions/044-screens-that-tell-the-truth.md).
function messageOf(err: unknown): string {
  return err instanceof ApiError ? err.message : "Something went wrong.";
}
