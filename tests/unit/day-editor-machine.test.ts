import { describe, expect, it } from "vitest";
import type { Journal } from "../../client/journals";
import type { OutboxItem } from "../../client/outbox";
import {
  QUEUED_MESSAGE,
  dayEditorReducer,
  initialDayEditor,
  isDirtyShown,
  phaseOf,
  shownOf,
  type Chore,
  type ChoreBody,
  type DayEditorEvent,
  type DayEditorState,
  type DayWorld,
} from "../../components/diary/day-editor-machine";
import { EMPTY_FIELDS, photosToSave, type EditorState } from "../../components/diary/editor-state";

// The day's editor as a pure reducer (components/diary/day-editor-machine.ts, docs/decisions/103):
// its transitions, and the races the browser tests found late (a save's answer after the day
// changed, Background Sync sending while the tab edits, a session ending mid-send, a conflict).
// The same screens in a real browser: e2e/my-diary.spec.ts, e2e/offline-writing.spec.ts.

const DAY = "2026-03-10";
const NEXT_DAY = "2026-03-11";

function journal(over: Partial<Journal> = {}): Journal {
  return {
    _id: "j1",
    id: "j1",
    title: "Saved title",
    content: "Saved words.",
    visibility: "private",
    isAnonymous: false,
    journaldate: DAY,
    images: [],
    imageDescription: null,
    mood: null,
    activities: [],
    likesCount: 0,
    readsCount: 0,
    createdAt: "2026-03-10T08:00:00.000Z",
    updatedAt: "2026-03-10T08:00:00.000Z",
    ...over,
  } as Journal;
}

function outboxItem(over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: "k1",
    userId: "u1",
    day: DAY,
    kind: "create",
    entryId: null,
    baseUpdatedAt: null,
    fields: { ...EMPTY_FIELDS, title: "Train", content: "Written offline." },
    photo: null,
    removePhoto: false,
    queuedAt: 1,
    state: "waiting",
    ...over,
  };
}

function world(over: Partial<DayWorld> = {}): DayWorld {
  return { day: DAY, entry: null, draft: null, outbox: [], ...over };
}

/** The events, one after the other, each under `w`. */
function run(state: DayEditorState, w: DayWorld, ...events: DayEditorEvent[]): DayEditorState {
  return events.reduce((s, event) => dayEditorReducer(s, { event, world: w }), state);
}

/** The chores asked for, without their numbers. */
function chores(state: DayEditorState): ChoreBody[] {
  return state.chores.map((chore) => {
    const body: Partial<Chore> = { ...chore };
    delete body.seq;
    return body as ChoreBody;
  });
}

const typed = (title: string, content: string): DayEditorEvent => ({ type: "typed", patch: { title, content } });

describe("a day opens", () => {
  it("as an empty page for a day without an entry, and as the read view of one that has it", () => {
    const start = initialDayEditor(DAY);
    expect(phaseOf(start, world({ entry: undefined }))).toBe("loading");
    expect(shownOf(start, world())).toMatchObject({ entry: null, fields: EMPTY_FIELDS, restored: false });
    expect(phaseOf(start, world())).toBe("empty");
    expect(shownOf(start, world({ entry: journal() }))).toBeNull();
    expect(phaseOf(start, world({ entry: journal() }))).toBe("reading");
  });

  it("with this browser's draft restored over what is saved", () => {
    const draft = { title: "Half", content: "A thought", visibility: "private" as const, isAnonymous: false };
    const w = world({ entry: journal(), draft });
    const shown = shownOf(initialDayEditor(DAY), w);
    expect(shown).toMatchObject({ restored: true, fields: { title: "Half", content: "A thought" } });
    expect(phaseOf(initialDayEditor(DAY), w)).toBe("editing");
    expect(isDirtyShown(shown, w)).toBe(true);
  });
});

describe("typing", () => {
  it("keeps the words as the day's draft, and lets the draft go once they are back to what is saved", () => {
    const w = world({ entry: journal() });
    const opened = run(initialDayEditor(DAY), w, { type: "edit started" });
    expect(phaseOf(opened, w)).toBe("editing");
    const editing = run(opened, w, typed("New", "Words"));
    expect(phaseOf(editing, w)).toBe("editing");
    expect(chores(editing)).toEqual([
      { type: "focus", target: "title" },
      { type: "write draft", day: DAY, draft: { ...EMPTY_FIELDS, title: "New", content: "Words" } },
    ]);
    const back = run(editing, w, { type: "chores done", upTo: editing.seq }, typed("Saved title", "Saved words."));
    expect(chores(back)).toEqual([{ type: "clear draft", day: DAY }]);
    expect(isDirtyShown(shownOf(back, w), w)).toBe(false);
  });

  it("releases the preview of a photo it replaces", () => {
    const photo = (url: string) => ({ file: new File(["x"], "p.jpg"), url }) as never;
    const w = world();
    const picked = run(initialDayEditor(DAY), w, { type: "photo picked", photo: photo("blob:1") });
    const again = run(
      picked,
      w,
      { type: "chores done", upTo: picked.seq },
      { type: "photo picked", photo: photo("blob:2") },
    );
    expect(chores(again)).toContainEqual({ type: "release photo", url: "blob:1" });
  });
});

describe("saving", () => {
  it("online: saving, then saved, the read view and the focus on the entry", () => {
    const w = world();
    const saving = run(initialDayEditor(DAY), w, typed("T", "C"), { type: "save requested", attempt: "a1", day: DAY });
    expect(phaseOf(saving, w)).toBe("saving");
    const saved = run(saving, world({ entry: journal() }), {
      type: "save answered",
      attempt: "a1",
      day: DAY,
      journal: journal(),
      updated: false,
    });
    expect(saved.editor).toBeNull();
    expect(saved.saved?.text).toBe("Entry saved!");
    expect(phaseOf(saved, world({ entry: journal() }))).toBe("saved");
    expect(chores(saved)).toContainEqual({ type: "focus", target: "entry" });
  });

  it("the answer for a day left meanwhile does not land on the new day", () => {
    const asked = run(initialDayEditor(DAY), world(), typed("Tuesday", "Words"), {
      type: "save requested",
      attempt: "a1",
      day: DAY,
    });
    // The writer picks the next day and starts writing there before the answer comes.
    const next = world({ day: NEXT_DAY });
    const writing = run(asked, next, typed("Wednesday", "Other words"));
    expect(writing.day).toBe(NEXT_DAY);
    expect(phaseOf(writing, next)).toBe("editing");
    const answered = run(
      writing,
      next,
      { type: "save answered", attempt: "a1", day: DAY, journal: journal(), updated: false },
      { type: "save refused", attempt: "a1", day: DAY, message: "late" },
      { type: "save queued", attempt: "a1", day: DAY },
    );
    expect(answered.editor?.fields.title).toBe("Wednesday");
    expect(answered.save).toEqual({ status: "idle" });
    expect(answered.saved).toBeNull();
    expect(answered.error).toBeNull();
    // What the last day still had to do is done: its draft was written.
    expect(chores(answered)).toContainEqual({
      type: "write draft",
      day: DAY,
      draft: { ...EMPTY_FIELDS, title: "Tuesday", content: "Words" },
    });
  });

  it("an older attempt's answer is not taken for the latest one's", () => {
    const w = world();
    const twice = run(
      initialDayEditor(DAY),
      w,
      typed("T", "C"),
      { type: "save requested", attempt: "a1", day: DAY },
      { type: "save requested", attempt: "a2", day: DAY },
      { type: "save answered", attempt: "a1", day: DAY, journal: journal(), updated: false },
    );
    expect(twice.save).toMatchObject({ status: "saving", attempt: "a2" });
    expect(twice.editor?.fields.title).toBe("T");
  });

  it("refused because the session ended mid-send: the words stay, and so does their draft", () => {
    const w = world();
    const typedIn = run(initialDayEditor(DAY), w, typed("Kept", "Every word"));
    const done = run(typedIn, w, { type: "chores done", upTo: typedIn.seq });
    const refused = run(
      done,
      w,
      { type: "save requested", attempt: "a1", day: DAY },
      { type: "save refused", attempt: "a1", day: DAY, message: "User is not authenticated." },
    );
    expect(refused.editor?.fields).toMatchObject({ title: "Kept", content: "Every word" });
    expect(refused.error?.text).toBe("User is not authenticated.");
    expect(phaseOf(refused, w)).toBe("refused");
    expect(chores(refused)).toEqual([]);
    // Typing on is editing again, and a new Save clears the message.
    const again = run(refused, w, typed("Kept", "Every word, and more"), {
      type: "save requested",
      attempt: "a2",
      day: DAY,
    });
    expect(again.error).toBeNull();
    expect(phaseOf(again, w)).toBe("saving");
  });
});

describe("offline", () => {
  const fields = { ...EMPTY_FIELDS, title: "Train", content: "Written offline." };

  it("a save kept in the outbox waits, then shows saved when the page reaches the server on reconnect", () => {
    const w = world();
    const queued = run(
      initialDayEditor(DAY),
      w,
      typed("Train", "Written offline."),
      { type: "save requested", attempt: "a1", day: DAY },
      { type: "save queued", attempt: "a1", day: DAY },
    );
    expect(queued.saved?.text).toBe(QUEUED_MESSAGE);
    expect(queued.editor?.fields).toEqual(fields);
    expect(chores(queued).filter((c) => c.type === "clear draft")).toEqual([]);
    // The outbox now holds it: the words are safe on this device, nothing to warn about.
    const waiting = world({ outbox: [outboxItem({ fields })] });
    expect(phaseOf(queued, waiting)).toBe("waiting");
    expect(isDirtyShown(shownOf(queued, waiting), waiting)).toBe(false);

    // Back online, the tab's sender (or the worker) sends it: the read view, and the draft goes.
    const done = run(queued, waiting, { type: "chores done", upTo: queued.seq });
    const sent = run(done, waiting, { type: "page sent", day: DAY, fields });
    expect(sent.editor).toBeNull();
    expect(chores(sent)).toEqual([{ type: "clear draft", day: DAY }]);
    const saved = world({ entry: journal({ title: "Train", content: "Written offline." }) });
    expect(phaseOf(sent, saved)).toBe("saved");
  });

  it("Background Sync sending the waiting page while the tab edits it keeps the new words", () => {
    const waiting = world({ outbox: [outboxItem({ fields })] });
    const queued = run(
      initialDayEditor(DAY),
      waiting,
      typed("Train", "Written offline."),
      { type: "save requested", attempt: "a1", day: DAY },
      { type: "save queued", attempt: "a1", day: DAY },
      typed("Train", "Written offline. And a postscript."),
    );
    const done = run(queued, waiting, { type: "chores done", upTo: queued.seq });
    const sent = run(done, world({ entry: journal() }), { type: "page sent", day: DAY, fields });
    expect(sent.editor?.fields.content).toBe("Written offline. And a postscript.");
    expect(chores(sent)).toEqual([]);
    expect(isDirtyShown(shownOf(sent, world({ entry: journal() })), world({ entry: journal() }))).toBe(true);
  });

  it("Background Sync and the tab both sending: the page shows saved once, whichever answers first", () => {
    const waiting = world({ outbox: [outboxItem({ fields })] });
    const sending = run(initialDayEditor(DAY), waiting, typed("Train", "Written offline."), {
      type: "save requested",
      attempt: "a1",
      day: DAY,
    });
    const entry = journal({ title: "Train", content: "Written offline." });
    const bySync = run(sending, world({ entry }), { type: "page sent", day: DAY, fields });
    expect(bySync.editor).toBeNull();
    expect(phaseOf(bySync, world({ entry }))).toBe("saving");
    const byTab = run(bySync, world({ entry }), {
      type: "save answered",
      attempt: "a1",
      day: DAY,
      journal: entry,
      updated: false,
    });
    expect(byTab.editor).toBeNull();
    expect(phaseOf(byTab, world({ entry }))).toBe("saved");
    // Another day's page leaves this one alone.
    const other = run(sending, waiting, { type: "page sent", day: NEXT_DAY, fields });
    expect(other).toEqual(sending);
  });
});

describe("a conflict with another device (docs/decisions/081)", () => {
  const theirs = journal({ title: "Theirs", content: "From the phone." });
  const conflict = outboxItem({ state: "conflict", kind: "update", entryId: theirs.id });
  const w = world({ entry: theirs, outbox: [conflict] });

  it("puts the offline words into the editor over their entry, once", () => {
    const start = initialDayEditor(DAY);
    expect(shownOf(start, w)).toMatchObject({ entry: theirs, fields: conflict.fields, restored: true });
    expect(phaseOf(start, w)).toBe("conflict");
    // Edits made since stay: the same conflict does not open again.
    const edited = run(start, w, typed("Merged", "Both."));
    expect(run(edited, w, { type: "asked", question: null }).editor?.fields.title).toBe("Merged");
    // Edit to merge puts them back.
    expect(run(edited, w, { type: "edit mine", item: conflict }).editor?.fields).toEqual(conflict.fields);
  });

  it("keep theirs: their entry's read view, and the offline words leave the outbox and the drafts", () => {
    const kept = run(initialDayEditor(DAY), w, { type: "kept theirs", item: conflict });
    expect(kept.editor).toBeNull();
    expect(chores(kept)).toEqual([
      { type: "clear draft", day: DAY },
      { type: "focus", target: "entry" },
      { type: "remove from outbox", id: conflict.id },
    ]);
  });
});

describe("leaving the editor", () => {
  it("Escape asks before dropping changed words, and goes back to the entry when nothing changed", () => {
    const w = world({ entry: journal() });
    const editing = run(initialDayEditor(DAY), w, { type: "edit started" });
    const back = run(editing, w, { type: "escape" });
    expect(back.editor).toBeNull();
    expect(chores(back)).toContainEqual({ type: "focus", target: "calendar" });
    const changed = run(editing, w, typed("Changed", "Words"), { type: "escape" });
    expect(changed.question).toBe("discard");
    expect(changed.editor?.fields.title).toBe("Changed");
  });
});

describe("messages beside Save", () => {
  it("an older message's timer does not clear a newer one", () => {
    const w = world();
    const first = run(initialDayEditor(DAY), w, { type: "error shown", message: "one" });
    const second = run(first, w, { type: "error shown", message: "two" });
    const stale = run(second, w, { type: "notice expired", notice: "error", seq: first.error!.seq });
    expect(stale.error?.text).toBe("two");
    expect(run(stale, w, { type: "notice expired", notice: "error", seq: second.error!.seq }).error).toBeNull();
  });
});

describe("a deleted page brought back (docs/decisions/127)", () => {
  it("shows it read, unless words were typed on the empty day since, which stay", () => {
    const page = journal();
    const deleted = run(
      initialDayEditor(DAY),
      world({ entry: page }),
      { type: "delete requested", day: DAY },
      {
        type: "delete answered",
        day: DAY,
      },
    );
    expect(phaseOf(deleted, world())).toBe("empty");
    const back = run(deleted, world({ entry: page }), { type: "page restored", day: DAY });
    expect(phaseOf(back, world({ entry: page }))).toBe("reading");

    const typedSince = run(deleted, world(), typed("New", "Words of today"));
    const kept = run(typedSince, world({ entry: page }), { type: "page restored", day: DAY });
    expect(shownOf(kept, world({ entry: page }))).toMatchObject({
      fields: { title: "New", content: "Words of today" },
    });
    // Another day's page coming back changes nothing here.
    expect(run(deleted, world(), { type: "page restored", day: NEXT_DAY })).toBe(deleted);
  });
});

describe("an edit from an earlier version (docs/decisions/127)", () => {
  it("starts with the version's words over the page's", () => {
    const w = world({ entry: journal() });
    const opened = run(initialDayEditor(DAY), w, {
      type: "edit started",
      from: { title: "Then", content: "Words then" },
    });
    expect(shownOf(opened, w)).toMatchObject({ fields: { title: "Then", content: "Words then" } });
    expect(isDirtyShown(shownOf(opened, w), w)).toBe(true);
  });
});

describe("several photos (docs/decisions/134)", () => {
  const photo = (url: string) => ({ file: new File([url], "p.jpg"), url, size: null }) as never;
  const kept = (id: string, description: string | null = null) => ({ id, description });
  const editorOf = (state: DayEditorState, w: DayWorld) => shownOf(state, w) as EditorState;

  it("a second photo makes a gallery of the one shown and the new one; the page is saved with both, the new one uploaded", () => {
    const w = world();
    const one = run(initialDayEditor(DAY), w, typed("T", "W"), { type: "photo picked", photo: photo("blob:1") });
    const described = run(one, w, { type: "typed", patch: { imageDescription: "The lake" } });
    const two = run(described, w, { type: "photo picked", photo: photo("blob:2"), add: true });
    const e = editorOf(two, w);
    expect(e.photo).toBeNull();
    expect(e.gallery?.map((p) => [p.url, p.description])).toEqual([
      ["blob:1", "The lake"],
      ["blob:2", ""],
    ]);
    // The description now lives with its photo: the one-photo field is back to what is saved.
    expect(e.fields.imageDescription).toBe("");
    const save = photosToSave(e);
    expect(save.photos?.map((p) => [p.id, p.file?.name, p.description])).toEqual([
      [null, "p.jpg", "The lake"],
      [null, "p.jpg", ""],
    ]);
    expect(save.photo).toBeNull();
  });

  it("an entry with several photos opens them as a gallery; unchanged, a save sends no photos at all", () => {
    const entry = journal({
      images: ["/img/aaaaaaaaaaaa", "/img/bbbbbbbbbbbb"],
      imageDescription: "First",
      photos: [kept("aaaaaaaaaaaa", "First"), kept("bbbbbbbbbbbb")],
    } as Partial<Journal>);
    const w = world({ entry });
    const opened = run(initialDayEditor(DAY), w, { type: "edit started" }, typed("Other", "Words"));
    const e = editorOf(opened, w);
    expect(e.gallery?.map((p) => p.id)).toEqual(["aaaaaaaaaaaa", "bbbbbbbbbbbb"]);
    // Each photo's URL is the one at its place of `images` (docs/decisions/138).
    expect(e.gallery?.map((p) => p.url)).toEqual(["/img/aaaaaaaaaaaa", "/img/bbbbbbbbbbbb"]);
    expect(photosToSave(e)).toEqual({ photo: null, removePhoto: false, imageDescription: "First" });
    expect(isDirtyShown(e, w)).toBe(true);

    // Reordered: the whole list, in its new order, each kept by its id.
    const [a, b] = e.gallery ?? [];
    const swapped = run(opened, w, { type: "gallery changed", photos: [b!, a!] });
    expect(photosToSave(editorOf(swapped, w)).photos).toEqual([
      { id: "bbbbbbbbbbbb", file: null, description: "" },
      { id: "aaaaaaaaaaaa", file: null, description: "First" },
    ]);
    // Back as it was: nothing to save of the photos, and not dirty once the words are too.
    const back = run(swapped, w, { type: "gallery changed", photos: [a!, b!] }, typed("Saved title", "Saved words."));
    expect(isDirtyShown(editorOf(back, w), w)).toBe(false);
    // Down to one: still the list, since the page had two (the one-photo fields cannot say which stays).
    const single = run(back, w, { type: "gallery changed", photos: [b!] });
    expect(photosToSave(editorOf(single, w)).photos).toEqual([{ id: "bbbbbbbbbbbb", file: null, description: "" }]);
  });

  it("a gallery back to one photo of a page that had one is saved as the original client saves it", () => {
    const entry = journal({
      images: ["/img/aaaaaaaaaaaa"],
      photos: [kept("aaaaaaaaaaaa")],
    } as Partial<Journal>);
    const w = world({ entry });
    const two = run(
      initialDayEditor(DAY),
      w,
      { type: "edit started" },
      { type: "photo picked", photo: photo("blob:9"), add: true },
    );
    const [, added] = editorOf(two, w).gallery ?? [];
    const onlyNew = run(two, w, { type: "gallery changed", photos: [{ ...added!, description: "New" }] });
    const save = photosToSave(editorOf(onlyNew, w));
    expect(save.photos).toBeUndefined();
    expect(save.photo?.name).toBe("p.jpg");
    expect(save.imageDescription).toBe("New");
    const none = run(onlyNew, w, { type: "gallery changed", photos: [] });
    expect(photosToSave(editorOf(none, w))).toEqual({ photo: null, removePhoto: true, imageDescription: "" });
    // The chosen photo's preview is released once it is off the list.
    expect(chores(none)).toContainEqual({ type: "release photo", url: "blob:9" });
  });

  it("takes at most six, and a discarded gallery releases every preview", () => {
    const w = world();
    let state = run(initialDayEditor(DAY), w, { type: "photo picked", photo: photo("blob:0") });
    for (let i = 1; i < 8; i++) state = run(state, w, { type: "photo picked", photo: photo(`blob:${i}`), add: true });
    expect(editorOf(state, w).gallery).toHaveLength(6);
    const gone = run(state, w, { type: "chores done", upTo: state.seq }, { type: "discarded", focus: "calendar" });
    const released = chores(gone).filter((c) => c.type === "release photo");
    expect(released).toHaveLength(6);
  });
});
