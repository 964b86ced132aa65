import { itemKey, newDiarySecret, sealText } from "@/client/lock/crypto";
import { sealPage, sealPhoto, type PageWords } from "@/client/lock/pages";
import type { DiaryEntry } from "@/lib/contract/diary";

// A locked diary as the server keeps it, for a person of the test's own: a freshly made key (real
// WebCrypto, as a first lock makes it), and pages whose words and photo were sealed in the browser.

/** What the server shows in a locked page's place wherever it cannot open it. */
export const PLACEHOLDER = { title: "Locked page", content: "Locked page — open it in Inkwell to read it." };

/** Where a page is: its id, its day, and the revision it was sealed for. */
export interface PagePlace {
  id: string;
  day: string;
  revision: number;
}

/** A small diary's three pages: one readable, one locked, and one locked that was tampered with. */
export const READABLE = { id: "0b6c2c1e-1111-4a4a-8b8b-000000000001", day: "2026-03-17" };
export const LOCKED: PagePlace = {
  id: "0b6c2c1e-2222-4a4a-8b8b-000000000002",
  day: "2026-03-18",
  revision: 170_000_000,
};
export const TAMPERED: PagePlace = {
  id: "0b6c2c1e-3333-4a4a-8b8b-000000000003",
  day: "2026-03-19",
  revision: 170_000_500,
};

/** An entry of GET /api/journals as the server answers it for its writer (a private page's placeholder unless told). */
export function diaryEntry(fields: Partial<DiaryEntry> & Pick<DiaryEntry, "id" | "journaldate">): DiaryEntry {
  return {
    _id: fields.id,
    title: PLACEHOLDER.title,
    content: PLACEHOLDER.content,
    visibility: "private",
    isAnonymous: false,
    images: [],
    imageDescription: null,
    photos: [],
    mood: null,
    activities: [],
    likesCount: 0,
    readsCount: 0,
    createdAt: `${fields.journaldate}T20:00:00.000Z`,
    updatedAt: `${fields.journaldate}T20:05:00.000Z`,
    locked: false,
    sealed: null,
    excerpt: "",
    ...fields,
  };
}

export interface LockedDiary {
  owner: string;
  /** The diary's key, being made. */
  key: Promise<CryptoKey>;
  /** A locked page as the server keeps it: `words` (the diary's own unless told) and `photo` sealed here. */
  lockedEntry(place: PagePlace, photo?: Uint8Array | null, words?: PageWords): Promise<DiaryEntry>;
  /** A locked page sealed for its own place, then given the words sealed for `wordsFrom`'s day: they no longer open. */
  tamperedEntry(place: PagePlace, wordsFrom: Pick<PagePlace, "id" | "day">): Promise<DiaryEntry>;
  /**
   * A locked page of several photos (docs/decisions/139), the cover first: each sealed for its own
   * revision (the page's unless told), its description too, the cover's with the words; `url`
   * stands in for a photo's URL (one the server no longer has).
   */
  galleryEntry(place: PagePlace, photos: GalleryPhoto[], words?: PageWords): Promise<DiaryEntry>;
}

/** One photo of galleryEntry's page. */
export interface GalleryPhoto {
  id: string;
  bytes: Uint8Array;
  description: string | null;
  revision?: number;
  url?: string;
}

/**
 * A locked diary of `owner`'s with a fresh key, its pages saying `words`; a sealed photo's URL is
 * made by `blobUrl` (support/blob-urls.ts), the server's photo URL standing in.
 */
export function lockedDiary({
  owner,
  words,
  blobUrl,
}: {
  owner: string;
  words: PageWords;
  blobUrl: (blob: Blob) => string;
}): LockedDiary {
  const made = itemKey(newDiarySecret());
  async function galleryEntry(place: PagePlace, photos: GalleryPhoto[], pageWords = words) {
    const key = await made;
    const { day, revision } = place;
    const imageDescription = photos.length ? photos[0]!.description : pageWords.imageDescription;
    const sealed = await sealPage({ key, owner, day, revision, words: { ...pageWords, imageDescription } });
    const list = await Promise.all(
      photos.map(async (photo, i) => {
        const at = photo.revision ?? revision;
        const image = await sealPhoto({ key, owner, day, revision: at, bytes: photo.bytes });
        const description =
          i === 0
            ? (sealed.sealedImageDescription ?? null)
            : photo.description &&
              (await sealText(key, { owner, day, field: "photoAlt", revision: at }, photo.description));
        return { id: photo.id, image: photo.url ?? blobUrl(new Blob([image as BlobPart])), description, revision: at };
      }),
    );
    return diaryEntry({
      id: place.id,
      journaldate: day,
      locked: true,
      sealed: {
        v: 1,
        revision,
        title: sealed.sealedTitle,
        content: sealed.sealedContent,
        imageDescription: sealed.sealedImageDescription ?? null,
        imageRevision: list[0]?.revision ?? null,
        image: list[0]?.image ?? null,
        photos: list,
      },
    });
  }
  function lockedEntry(place: PagePlace, photo: Uint8Array | null = null, pageWords = words) {
    const cover = { id: "0123456789ab", bytes: photo!, description: pageWords.imageDescription };
    return galleryEntry(place, photo ? [cover] : [], pageWords);
  }
  async function tamperedEntry(place: PagePlace, wordsFrom: Pick<PagePlace, "id" | "day">) {
    const other = await lockedEntry({ ...wordsFrom, revision: place.revision });
    const own = await lockedEntry(place);
    return { ...own, sealed: { ...own.sealed!, content: other.sealed!.content } };
  }
  return { owner, key: made, lockedEntry, tamperedEntry, galleryEntry };
}
