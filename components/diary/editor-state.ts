import { sameDraft, type DiaryDraft } from "@/client/diary-drafts";
import type { EntryFields, Journal } from "@/client/journals";
import type { CheckedPhoto } from "@/client/photo-check";
import type { DayKey } from "@/lib/dates/local-day";

/** What the editor holds for one day: a new entry (`entry` null) or changes to an existing one. */
export interface EditorState {
  day: DayKey;
  entry: Journal | null;
  fields: EntryFields;
  /** A newly chosen photo, with its blob: URL for the preview. */
  photo: CheckedPhoto | null;
  removePhoto: boolean;
  /** The fields came from a draft kept in this browser. */
  restored: boolean;
}

export const EMPTY_FIELDS: EntryFields = {
  title: "",
  content: "",
  visibility: "private",
  isAnonymous: false,
  imageDescription: "",
  mood: null,
};

export function fieldsOf(journal: Journal): EntryFields {
  const { title, content, visibility, isAnonymous } = journal;
  return {
    title,
    content,
    visibility,
    isAnonymous,
    imageDescription: journal.imageDescription ?? "",
    mood: journal.mood,
  };
}

export function baselineOf(editor: EditorState): EntryFields {
  return editor.entry ? fieldsOf(editor.entry) : EMPTY_FIELDS;
}

/** Changes that are not saved yet (a chosen or removed photo counts). */
export function isDirty(editor: EditorState | null): boolean {
  if (!editor) return false;
  const baseline = baselineOf(editor);
  return (
    !sameDraft(editor.fields, baseline) ||
    editor.fields.imageDescription !== baseline.imageDescription ||
    (editor.fields.mood ?? null) !== (baseline.mood ?? null) ||
    editor.photo !== null ||
    editor.removePhoto
  );
}

export function isComplete(fields: EntryFields): boolean {
  return fields.title.trim() !== "" && fields.content.trim() !== "";
}

export function newEditor(day: DayKey, entry: Journal | null, fields: EntryFields, restored = false): EditorState {
  return { day, entry, fields, photo: null, removePhoto: false, restored };
}

/**
 * What a freshly opened day shows: a draft that differs from the saved entry wins (restored into
 * the editor); otherwise the entry's read view (null), or an empty editor for a day without one.
 */
export function openDay(day: DayKey, entry: Journal | null, draft: DiaryDraft | null): EditorState | null {
  const baseline = entry ? fieldsOf(entry) : EMPTY_FIELDS;
  if (draft && !sameDraft(draft, baseline))
    return newEditor(day, entry, { ...draft, imageDescription: baseline.imageDescription, mood: baseline.mood }, true);
  return entry ? null : newEditor(day, null, EMPTY_FIELDS);
}
