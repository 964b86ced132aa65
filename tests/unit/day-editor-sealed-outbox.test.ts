import { describe, expect, it } from "vitest";
import type { OutboxItem } from "../../client/outbox";
import {
  dayEditorReducer,
  initialDayEditor,
  isDirtyShown,
  samePage,
  shownOf,
  type DayEditorEvent,
  type DayEditorState,
  type DayWorld,
} from "../../components/diary/day-editor-machine";
import { EMPTY_FIELDS } from "../../components/diary/editor-state";

// A locked diary's page waiting sealed in the outbox (docs/diary-lock.md): the page opens its words
// trimmed, as they were sealed and will reach the server, while the editor shows them as typed. The
// day's editor (components/diary/day-editor-machine.ts) takes both for the same page.

const DAY = "2026-03-10";
const typedFields = { ...EMPTY_FIELDS, title: " Train ", content: "Written offline.\n\n" };
const openedFields = { ...EMPTY_FIELDS, title: "Train", content: "Written offline." };

const sealedItem = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: "k1",
  userId: "u1",
  day: DAY,
  kind: "create",
  entryId: null,
  baseUpdatedAt: null,
  fields: openedFields,
  photo: null,
  removePhoto: false,
  sealed: { sealedTitle: "ik1.t", sealedContent: "ik1.c", sealedRevision: "1", visibility: "private" },
  queuedAt: 1,
  state: "waiting",
  ...over,
});

const world = (over: Partial<DayWorld> = {}): DayWorld => ({ day: DAY, entry: null, draft: null, outbox: [], ...over });

const run = (state: DayEditorState, w: DayWorld, ...events: DayEditorEvent[]) =>
  events.reduce((s, event) => dayEditorReducer(s, { event, world: w }), state);

describe("a sealed page waiting in the outbox", () => {
  it("is the same page as the words typed, trimmed, and isAnonymous only counts for the circle", () => {
    expect(samePage(typedFields, openedFields)).toBe(true);
    expect(samePage({ ...typedFields, isAnonymous: true }, openedFields)).toBe(true);
    expect(samePage({ ...typedFields, content: "Written offline. More." }, openedFields)).toBe(false);
    expect(samePage({ ...typedFields, visibility: "close-circle" }, openedFields)).toBe(false);
    const shared = { ...openedFields, visibility: "close-circle" as const };
    expect(samePage({ ...shared, isAnonymous: true }, shared)).toBe(false);
  });

  it("keeps the typed words safe (no warning), and shows them saved once sent", () => {
    const queued = run(
      initialDayEditor(DAY),
      world(),
      { type: "typed", patch: { title: typedFields.title, content: typedFields.content } },
      { type: "save requested", attempt: "a1", day: DAY },
      { type: "save queued", attempt: "a1", day: DAY },
    );
    const waiting = world({ outbox: [sealedItem()] });
    expect(isDirtyShown(shownOf(queued, waiting), waiting)).toBe(false);
    // Until the page has opened the item, its fields are empty: the words still count as unsaved.
    const unopened = world({ outbox: [sealedItem({ fields: { ...EMPTY_FIELDS } })] });
    expect(isDirtyShown(shownOf(queued, unopened), unopened)).toBe(true);

    const sent = run(queued, waiting, { type: "page sent", day: DAY, fields: openedFields });
    expect(sent.editor).toBeNull();
    expect(sent.chores.map((c) => c.type)).toContain("clear draft");
  });
});
