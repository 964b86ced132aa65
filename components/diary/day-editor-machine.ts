import { sameDraft, type DiaryDraft } from "@/client/diary-drafts";
import type { EntryFields, Journal } from "@/client/journals";
import type { OutboxItem } from "@/client/outbox";
import type { CheckedPhoto } from "@/client/photo-check";
import type { DayKey } from "@/lib/dates/local-day";
import {
  EMPTY_FIELDS,
  PHOTOS_MAX,
  baselineOf,
  coverAsGallery,
  fieldsOf,
  galleryChanged,
  galleryPhotoOf,
  isDirty,
  newEditor,
  openDay,
  type EditorState,
  type GalleryPhoto,
} from "./editor-state";

// One day of the diary as its editor sees it, as a pure reducer (docs/decisions/103): no React, no
// DOM, no storage. components/diary/use-day-editor.ts holds it in useReducer, talks to the server,
// localStorage and IndexedDB, and tells it what happened as typed events; tests/unit/day-editor-machine.test.ts
// walks its transitions, races included, without a browser.

export const QUEUED_MESSAGE = "Saved on this device — it will be sent when you are online";
export const NOT_KEPT_MESSAGE =
  "You are offline, and this device could not keep the page. Your words are still here; save again once online.";

export type FocusTarget = "title" | "entry" | "calendar";
export type Question = "delete" | "discard" | null;

/**
 * What the hook knows as it renders, handed to every step rather than copied into the state (so
 * the screen never lags the query or the outbox by a render): the day shown, its saved entry
 * (undefined while it loads, null for a day without one), this browser's draft of it (null until
 * hydrated: the server knows no drafts) and this person's outbox.
 */
export interface DayWorld {
  day: DayKey;
  entry: Journal | null | undefined;
  draft: DiaryDraft | null;
  outbox: readonly OutboxItem[];
}

/** The last save asked for, and what became of it. */
export type SaveState =
  | { status: "idle" }
  /** Sent, no answer yet: `attempt` tells its answer from an older one's. */
  | { status: "saving"; attempt: string; day: DayKey }
  /** The server has the page. */
  | { status: "saved" }
  /** Offline: kept in this device's outbox, to be sent later (docs/decisions/081). */
  | { status: "queued" }
  /** Answered with a refusal (a 4xx, a 500), or offline with no way to keep it: the words stay. */
  | { status: "refused"; message: string };

/** A message beside Save; `seq` tells a message shown again from the one before (its timer starts over). */
export interface Notice {
  text: string;
  seq: number;
}

/** What the hook is to do once the screen shows the step that asked for it (then it says "chores done"). */
export type ChoreBody =
  | { type: "write draft"; day: DayKey; draft: DiaryDraft }
  | { type: "clear draft"; day: DayKey }
  | { type: "remove from outbox"; id: string }
  | { type: "release photo"; url: string }
  | { type: "focus"; target: FocusTarget };
export type Chore = ChoreBody & { seq: number };

export interface DayEditorState {
  day: DayKey;
  /** What the writer made of the day: null for the read view; undefined until they act (the day as it opens shows). */
  editor: EditorState | null | undefined;
  /** The conflict (and the entry it clashes with) last put into the editor, so that it is put there once. */
  seenConflict: string | null;
  question: Question;
  save: SaveState;
  deleting: boolean;
  saved: Notice | null;
  error: Notice | null;
  chores: readonly Chore[];
  /** The last number given to a notice or a chore. */
  seq: number;
}

export type DayEditorEvent =
  // The writer's hands.
  | { type: "typed"; patch: Partial<EntryFields> }
  /** A photo chosen: the page's one photo, or (`add`, or a page with a gallery) one more at the end. */
  | { type: "photo picked"; photo: CheckedPhoto | null; add?: boolean }
  | { type: "photo removed" }
  /** The gallery reordered, described or with a photo removed (docs/decisions/134). */
  | { type: "gallery changed"; photos: GalleryPhoto[] }
  /** Edit, from the saved entry, or with an earlier version's words in it (`from`, docs/decisions/127). */
  | { type: "edit started"; from?: Pick<EntryFields, "title" | "content"> }
  | { type: "asked"; question: Question }
  | { type: "escape" }
  | { type: "discarded"; focus: FocusTarget }
  /** "Keep theirs" on a conflict: the server's entry stays, this device's offline words go. */
  | { type: "kept theirs"; item: OutboxItem }
  /** "Edit to merge": this device's offline words in the editor over the entry. */
  | { type: "edit mine"; item: OutboxItem }
  | { type: "error shown"; message: string }
  // Saving: asked, then one answer for that attempt.
  | { type: "save requested"; attempt: string; day: DayKey }
  | { type: "save answered"; attempt: string; day: DayKey; journal: Journal; updated: boolean }
  | { type: "save queued"; attempt: string; day: DayKey }
  | { type: "save refused"; attempt: string; day: DayKey; message: string }
  // Deleting.
  | { type: "delete requested"; day: DayKey }
  | { type: "delete answered"; day: DayKey }
  | { type: "delete refused"; day: DayKey; message: string }
  /** The day's deleted page is back (Undo, docs/decisions/127): read, unless words were typed since. */
  | { type: "page restored"; day: DayKey }
  /** A waiting page of `day` reached the server, sent by this tab, another or the service worker (client/page-sent.ts). */
  | { type: "page sent"; day: string; fields: EntryFields }
  // Time and the hook's own bookkeeping.
  | { type: "notice expired"; notice: "saved" | "error"; seq: number }
  | { type: "chores done"; upTo: number };

/** One step: what happened, and the world as the hook saw it then. */
export interface DayEditorStep {
  event: DayEditorEvent;
  world: DayWorld;
}

/**
 * What the screen shows, in one word: the day loading; its entry read; an empty page (no entry,
 * nothing typed); the editor open; a save on its way; saved; waiting in the outbox; a conflict with
 * another device; a save refused (the words still in the editor).
 */
export type DayPhase =
  "loading" | "reading" | "empty" | "editing" | "saving" | "saved" | "waiting" | "conflict" | "refused";

export function initialDayEditor(day: DayKey): DayEditorState {
  return {
    day,
    editor: undefined,
    seenConflict: null,
    question: null,
    save: { status: "idle" },
    deleting: false,
    saved: null,
    error: null,
    chores: [],
    seq: 0,
  };
}

/** The day's page waiting to be sent, and its conflict with what another device wrote (docs/decisions/081). */
export function outboxOf(day: DayKey, outbox: readonly OutboxItem[]) {
  return {
    waiting: outbox.find((i) => i.day === day && i.state === "waiting") ?? null,
    conflict: outbox.find((i) => i.day === day && i.state === "conflict") ?? null,
  };
}

/**
 * The state brought up to the world before any event: another day opens afresh (chores still to do
 * stay: they are the last day's); a conflict (docs/decisions/081) puts the offline words into the
 * editor over the other device's entry, an edit of it rather than a second page of the day, once,
 * when the conflict or the entry it clashes with first shows.
 */
export function caughtUp(state: DayEditorState, world: DayWorld): DayEditorState {
  let next = state;
  if (world.day !== state.day) next = { ...initialDayEditor(world.day), chores: state.chores, seq: state.seq };
  const { conflict } = outboxOf(world.day, world.outbox);
  const conflictKey = conflict && world.entry ? `${conflict.id} ${world.entry.id}` : null;
  if (conflictKey === next.seenConflict) return next;
  next = { ...next, seenConflict: conflictKey };
  if (conflict && world.entry) next = { ...next, editor: newEditor(world.day, world.entry, conflict.fields, true) };
  return next;
}

/** The editor's state shown: null for the read view, undefined while the day loads. */
export function shownOf(state: DayEditorState, world: DayWorld): EditorState | null | undefined {
  const now = caughtUp(state, world);
  if (now.editor !== undefined) return now.editor;
  return world.entry === undefined ? undefined : openDay(world.day, world.entry, world.draft);
}

/**
 * Whether the words shown make the page that was kept or sent: the same page on the server, which
 * trims the words and keeps isAnonymous for the circle only (a locked diary's sealed page waits with
 * its words sealed as sent, trimmed, and opens so: client/lock/outbox.ts).
 */
export function samePage(shown: DiaryDraft, kept: DiaryDraft): boolean {
  const anonymous = (d: DiaryDraft) => d.visibility === "close-circle" && d.isAnonymous;
  return (
    shown.title.trim() === kept.title.trim() &&
    shown.content.trim() === kept.content.trim() &&
    shown.visibility === kept.visibility &&
    anonymous(shown) === anonymous(kept)
  );
}

/** Unsaved words, but for those already in the outbox: they are safe on this device, nothing to warn about when leaving. */
export function isDirtyShown(shown: EditorState | null | undefined, world: DayWorld): boolean {
  const { waiting } = outboxOf(world.day, world.outbox);
  return (
    isDirty(shown ?? null) &&
    !(waiting && shown && samePage(shown.fields, waiting.fields) && !shown.photo && !galleryChanged(shown))
  );
}

export function phaseOf(state: DayEditorState, world: DayWorld): DayPhase {
  const now = caughtUp(state, world);
  const shown = shownOf(now, world);
  const { waiting, conflict } = outboxOf(world.day, world.outbox);
  if (world.entry === undefined || shown === undefined) return "loading";
  if (now.save.status === "saving") return "saving";
  if (conflict && world.entry) return "conflict";
  if (waiting || now.save.status === "queued") return "waiting";
  if (now.save.status === "refused") return "refused";
  if (shown === null) return now.save.status === "saved" ? "saved" : "reading";
  return shown.entry === null && !isDirty(shown) ? "empty" : "editing";
}

function withChores(state: DayEditorState, ...chores: ChoreBody[]): DayEditorState {
  let seq = state.seq;
  const added = chores.map((c) => ({ ...c, seq: ++seq }));
  return { ...state, seq, chores: [...state.chores, ...added] };
}

function withNotice(state: DayEditorState, notice: "saved" | "error", text: string): DayEditorState {
  const seq = state.seq + 1;
  return { ...state, seq, [notice]: { text, seq } };
}

/** The blob: URLs of the photos chosen here that `before` shows and `after` does not: to be released. */
function dropped(before: EditorState | null | undefined, after: EditorState | null): string[] {
  const shownUrls = (e: EditorState | null | undefined) =>
    e ? [e.photo?.url, ...(e.gallery ?? []).map((p) => p.picked?.url)].filter((u): u is string => Boolean(u)) : [];
  const kept = new Set(shownUrls(after));
  return shownUrls(before).filter((url) => !kept.has(url));
}

/** An edit of what is shown; the words are kept as the day's draft, or the draft goes once they are back to what is saved. */
function edited(state: DayEditorState, world: DayWorld, update: (e: EditorState) => EditorState): DayEditorState {
  const shown = shownOf(state, world);
  if (!shown) return state;
  const next = update(shown);
  const release = dropped(shown, next);
  const save = state.save.status === "saving" ? state.save : ({ status: "idle" } as const);
  const draft: ChoreBody = sameDraft(next.fields, baselineOf(next))
    ? { type: "clear draft", day: next.day }
    : { type: "write draft", day: next.day, draft: next.fields };
  return withChores(
    { ...state, editor: next, save },
    draft,
    ...release.map((url) => ({ type: "release photo", url }) as const),
  );
}

/** Back to the day as saved: the read view, or an empty page. */
function discarded(state: DayEditorState, world: DayWorld, focus: FocusTarget): DayEditorState {
  const shown = shownOf(state, world);
  return withChores(
    {
      ...state,
      error: null,
      question: null,
      save: { status: "idle" },
      editor: world.entry ? null : newEditor(world.day, null, EMPTY_FIELDS),
    },
    ...dropped(shown, null).map((url) => ({ type: "release photo", url }) as const),
    { type: "clear draft", day: world.day },
    { type: "focus", target: focus },
  );
}

/** Whether an answer is for the save this day is waiting for (not an older one, nor another day's). */
function answers(state: DayEditorState, event: { attempt: string; day: DayKey }): boolean {
  return state.save.status === "saving" && state.save.attempt === event.attempt && state.save.day === event.day;
}

export function dayEditorReducer(previous: DayEditorState, { event, world }: DayEditorStep): DayEditorState {
  const state = caughtUp(previous, world);
  switch (event.type) {
    case "typed":
      return edited(state, world, (e) => ({ ...e, fields: { ...e.fields, ...event.patch } }));
    case "photo picked": {
      const picked = event.photo;
      return edited(state, world, (e) => {
        // One more, at the end of the gallery (made of the one photo shown, when there is one).
        const gallery = e.gallery ?? (event.add && picked ? coverAsGallery(e) : null);
        if (gallery && picked) {
          if (gallery.length >= PHOTOS_MAX) return e;
          const base = e.gallery ? e.fields : { ...e.fields, imageDescription: baselineOf(e).imageDescription };
          return { ...e, fields: base, photo: null, removePhoto: false, gallery: [...gallery, galleryPhotoOf(picked)] };
        }
        return { ...e, photo: picked, removePhoto: false };
      });
    }
    case "photo removed":
      return edited(state, world, (e) => ({
        ...e,
        photo: null,
        removePhoto: e.entry !== null && e.entry.images.length > 0,
      }));
    case "gallery changed":
      return edited(state, world, (e) => (e.gallery ? { ...e, gallery: event.photos.slice(0, PHOTOS_MAX) } : e));
    case "edit started":
      if (!world.entry) return state;
      return withChores(
        {
          ...state,
          error: null,
          editor: newEditor(world.day, world.entry, { ...fieldsOf(world.entry), ...event.from }),
        },
        { type: "focus", target: "title" },
      );
    case "asked":
      return { ...state, question: event.question };
    case "escape": {
      const shown = shownOf(state, world);
      if (isDirtyShown(shown, world)) return { ...state, question: "discard" };
      return shown?.entry ? discarded(state, world, "calendar") : state;
    }
    case "discarded":
      return discarded(state, world, event.focus);
    case "kept theirs":
      return withChores(discarded(state, world, "entry"), { type: "remove from outbox", id: event.item.id });
    case "edit mine":
      if (!world.entry) return state;
      return withChores(
        { ...state, error: null, editor: newEditor(world.day, world.entry, event.item.fields, true) },
        { type: "focus", target: "title" },
      );
    case "error shown":
      return withNotice(state, "error", event.message);

    case "save requested":
      if (event.day !== state.day) return state;
      return { ...state, error: null, save: { status: "saving", attempt: event.attempt, day: event.day } };
    case "save answered":
      if (!answers(state, event)) return state;
      return withChores(
        withNotice(
          { ...state, editor: null, save: { status: "saved" } },
          "saved",
          event.updated ? "Entry updated!" : "Entry saved!",
        ),
        { type: "focus", target: "entry" },
      );
    case "save queued":
      // Not on the server yet: the words stay in the editor and the draft, and the day says "waiting".
      if (!answers(state, event)) return state;
      return withNotice({ ...state, save: { status: "queued" } }, "saved", QUEUED_MESSAGE);
    case "save refused":
      // A refused save keeps everything: the words on screen and their draft.
      if (!answers(state, event)) return state;
      return withNotice({ ...state, save: { status: "refused", message: event.message } }, "error", event.message);

    case "delete requested":
      return event.day === state.day ? { ...state, deleting: true } : state;
    case "delete answered":
      if (event.day !== state.day) return state;
      return withChores(
        withNotice(
          {
            ...state,
            deleting: false,
            question: null,
            save: { status: "idle" },
            editor: newEditor(state.day, null, EMPTY_FIELDS),
          },
          "saved",
          "Entry deleted.",
        ),
        { type: "focus", target: "title" },
      );
    case "delete refused":
      if (event.day !== state.day) return state;
      return withNotice({ ...state, deleting: false, question: null }, "error", event.message);

    case "page restored": {
      if (event.day !== state.day) return state;
      const shown = shownOf(state, world);
      // Words typed on the empty day since the deletion stay in the editor: nothing is thrown away.
      if (shown && (shown.entry !== null || shown.fields.title || shown.fields.content || shown.photo || shown.gallery))
        return state;
      return { ...state, editor: null };
    }

    case "page sent": {
      // Shown as saved, unless the writer has changed the words since they were kept: those stay.
      if (event.day !== state.day) return state;
      const shown = shownOf(state, world);
      if (shown && !samePage(shown.fields, event.fields)) return state;
      // A save of this tab's kept in the outbox is on the server now; one still being sent answers for itself.
      const save = state.save.status === "queued" ? ({ status: "saved" } as const) : state.save;
      return withChores({ ...state, editor: null, save }, { type: "clear draft", day: state.day });
    }

    case "notice expired":
      return state[event.notice]?.seq === event.seq ? { ...state, [event.notice]: null } : state;
    case "chores done":
      return { ...state, chores: state.chores.filter((c) => c.seq > event.upTo) };
  }
}
