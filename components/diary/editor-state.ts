import { sameDraft, type DiaryDraft } from "@/client/diary-drafts";
import type { EntryFields, Journal } from "@/client/journals";
import type { CheckedPhoto } from "@/client/photo-check";
import type { SavePhoto } from "@/client/photo-uploads";
import type { DayKey } from "@/lib/dates/local-day";
import { PHOTOS_MAX } from "@/lib/validation/journal-limits";

/**
 * One photo of the page's gallery in the editor (docs/decisions/134): one the page has (`id`, its
 * signed `url`), or one chosen here (`picked`, its blob: URL), with its description.
 */
export interface GalleryPhoto {
  /** Stable while the photo is on the list: its id, or its blob: URL. */
  key: string;
  id: string | null;
  picked: CheckedPhoto | null;
  url: string;
  description: string;
}

export { PHOTOS_MAX };

/** What the editor holds for one day: a new entry (`entry` null) or changes to an existing one. */
export interface EditorState {
  day: DayKey;
  entry: Journal | null;
  fields: EntryFields;
  /** A newly chosen photo, with its blob: URL for the preview. */
  photo: CheckedPhoto | null;
  removePhoto: boolean;
  /**
   * The page's photos as a list (docs/decisions/134), once it has or is given more than one; null:
   * the one photo above (`photo`, `removePhoto`, `fields.imageDescription`), as the original client
   * has it.
   */
  gallery: GalleryPhoto[] | null;
  /** The fields came from a draft kept in this browser. */
  restored: boolean;
}

/** A photo the page has, in the gallery: its URL is the one at the same place of `images` (docs/decisions/138). */
function keptPhoto(p: { id: string }, url: string, description: string): GalleryPhoto {
  return { key: p.id, id: p.id, picked: null, url, description };
}

/** The entry's photos as a gallery, as they are saved; one without its URL is left out. */
function savedGallery(entry: Journal | null): GalleryPhoto[] {
  if (!entry) return [];
  return (entry.photos ?? []).flatMap((p, i) => {
    const url = entry.images[i];
    return url ? [keptPhoto(p, url, p.description ?? "")] : [];
  });
}

/** The gallery of an entry with several photos; null for one photo or none (the one-photo fields then). */
export function galleryOf(entry: Journal | null): GalleryPhoto[] | null {
  const saved = savedGallery(entry);
  return saved.length > 1 ? saved : null;
}

/** A chosen photo, as one of the gallery. */
export function galleryPhotoOf(photo: CheckedPhoto, description = ""): GalleryPhoto {
  return { key: photo.url, id: null, picked: photo, url: photo.url, description };
}

/**
 * The one photo the editor shows, as the first of a gallery: a chosen one, or the entry's own,
 * with the description typed for it; empty when there is none.
 */
export function coverAsGallery(editor: EditorState): GalleryPhoto[] {
  const description = editor.fields.imageDescription;
  if (editor.photo) return [galleryPhotoOf(editor.photo, description)];
  const own = editor.removePhoto ? undefined : editor.entry?.photos?.[0];
  const url = editor.entry?.images[0];
  return own && url ? [keptPhoto(own, url, description)] : [];
}

/** Whether the gallery is not the entry's photos as they are saved (order, a description, one chosen or removed). */
export function galleryChanged(editor: EditorState): boolean {
  if (!editor.gallery) return false;
  const saved = savedGallery(editor.entry);
  return (
    saved.length !== editor.gallery.length ||
    editor.gallery.some((p, i) => p.picked !== null || p.id !== saved[i]?.id || p.description !== saved[i]?.description)
  );
}

export const EMPTY_FIELDS: EntryFields = {
  title: "",
  content: "",
  visibility: "private",
  isAnonymous: false,
  imageDescription: "",
  mood: null,
  activities: [],
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
    activities: journal.activities,
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
    (editor.fields.activities ?? []).join("\n") !== (baseline.activities ?? []).join("\n") ||
    editor.photo !== null ||
    editor.removePhoto ||
    galleryChanged(editor)
  );
}

export function isComplete(fields: EntryFields): boolean {
  return fields.title.trim() !== "" && fields.content.trim() !== "";
}

export function newEditor(day: DayKey, entry: Journal | null, fields: EntryFields, restored = false): EditorState {
  return { day, entry, fields, photo: null, removePhoto: false, gallery: galleryOf(entry), restored };
}

/**
 * What a freshly opened day shows: a draft that differs from the saved entry wins (restored into
 * the editor); otherwise the entry's read view (null), or an empty editor for a day without one.
 */
export function openDay(day: DayKey, entry: Journal | null, draft: DiaryDraft | null): EditorState | null {
  const baseline = entry ? fieldsOf(entry) : EMPTY_FIELDS;
  if (draft && !sameDraft(draft, baseline))
    return newEditor(
      day,
      entry,
      {
        ...draft,
        imageDescription: baseline.imageDescription,
        mood: baseline.mood,
        activities: baseline.activities,
      },
      true,
    );
  return entry ? null : newEditor(day, null, EMPTY_FIELDS);
}

/** What a save sends of the photos: the one-photo fields, or the whole list (`photos`). */
export interface PhotosToSave {
  photo: File | null;
  removePhoto: boolean;
  imageDescription: string;
  photos?: SavePhoto[];
}

/**
 * The photos of a save (docs/decisions/134): the one-photo fields the original client sends while
 * the page has and keeps one photo or none, even when it went through the gallery; the whole list
 * once it has or had more than one.
 */
export function photosToSave(e: EditorState): PhotosToSave {
  const gallery = e.gallery;
  if (!gallery || !galleryChanged(e))
    return { photo: e.photo?.file ?? null, removePhoto: e.removePhoto, imageDescription: e.fields.imageDescription };
  const had = e.entry ? Math.max(e.entry.photos?.length ?? 0, e.entry.images.length) : 0;
  if (gallery.length <= 1 && had <= 1) {
    const cover = gallery.at(0);
    return {
      photo: cover?.picked?.file ?? null,
      removePhoto: had > 0 && cover === undefined,
      imageDescription: cover?.description ?? "",
    };
  }
  return {
    photo: null,
    removePhoto: false,
    imageDescription: e.fields.imageDescription,
    photos: gallery.map((p) => ({ id: p.id, file: p.picked?.file ?? null, description: p.description })),
  };
}
