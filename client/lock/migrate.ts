import type { Journal } from "@/lib/contract/answers";
import { photosJson, sealedUploadForm, type ListedPhoto } from "../outbox-send";
import { uploadEntryPhoto } from "../photo-uploads";
import { sealText } from "./crypto";
import { eachDiaryPage, putPage, rereadDay, statusOf, type Ask } from "./diary-pages";
import { sealPage, sealPhoto } from "./pages";

// Sealing the pages a diary had before it was locked (docs/decisions/115): in the browser, one page
// at a time, each PUT naming the version it was read at (If-Match), so a page written meanwhile is
// read again rather than overwritten. The server's state is the only bookmark: a tab closed half
// way loses nothing, and the next run finds what is left. Two devices sealing at once: whichever
// comes second is told the page changed (412), reads it again, finds it sealed and leaves it.

export interface SealRun {
  /** Pages sealed by this run. */
  sealed: number;
  /** Pages another device sealed, shared or deleted meanwhile: nothing to do. */
  settled: number;
  /** Pages that could not be sealed now, with why (they stay as they are, and the next run tries again). */
  failed: { day: string; status: number }[];
}

/** A readable private page: what there is to seal. */
const toSeal = (j: Journal) => j.visibility === "private" && !j.locked;

/**
 * A page's several photos sealed (docs/decisions/139): each stored photo (already resized and
 * stripped) sealed as it is for `revision` and uploaded sealed, then named in order with its
 * description sealed for its place; a status when a photo could not be read or sent.
 */
async function sealedPhotosOf({
  key,
  owner,
  journal,
  revision,
  ask,
}: {
  key: CryptoKey;
  owner: string;
  journal: Journal;
  revision: number;
  ask: Ask;
}): Promise<string | number> {
  const day = journal.journaldate;
  const entries: ListedPhoto[] = [];
  for (const [i, url] of journal.images.entries()) {
    const photo = await ask(url);
    if (!photo.ok) return photo.status;
    const sealed = await sealPhoto({ key, owner, day, revision, bytes: new Uint8Array(await photo.arrayBuffer()) });
    const upload = await uploadEntryPhoto(sealedUploadForm(sealed, revision), ask).catch(statusOf);
    if (typeof upload === "number") return upload;
    const description = (i === 0 ? journal.imageDescription : journal.photos[i]?.description) ?? "";
    entries.push({
      upload,
      // Every photo here is sealed for this revision, the page's: so is each description.
      description: description ? await sealText(key, { owner, day, field: "photoAlt", revision }, description) : "",
    });
  }
  return photosJson(entries);
}

async function sealOne({
  key,
  owner,
  journal,
  ask,
}: {
  key: CryptoKey;
  owner: string;
  journal: Journal;
  ask: Ask;
}): Promise<number> {
  const revision = 1;
  const several = journal.images.length > 1;
  const fields = await sealPage({
    key,
    owner,
    day: journal.journaldate,
    revision,
    words: {
      title: journal.title,
      content: journal.content,
      // With several photos, each description goes with its photo (sealedPhotos).
      imageDescription: several ? null : journal.imageDescription,
    },
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("visibility", "private");
  if (several) {
    const photos = await sealedPhotosOf({ key, owner, journal, revision, ask });
    if (typeof photos === "number") return photos;
    form.set("sealedPhotos", photos);
    return (await putPage(ask, journal, form)).status;
  }
  const photoUrl = journal.images[0];
  if (photoUrl) {
    // The stored photo is already resized and stripped (lib/images): sealed as it is, and the
    // readable one is deleted by the server once the page no longer points to it.
    const photo = await ask(photoUrl);
    if (!photo.ok) return photo.status;
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const sealed = await sealPhoto({ key, owner, day: journal.journaldate, revision, bytes });
    form.set("sealedImage", new Blob([sealed as BlobPart], { type: "application/octet-stream" }), "photo.sealed");
  }
  return (await putPage(ask, journal, form)).status;
}

/**
 * Seals every readable private page of `owner`'s diary with `key`, newest first, `concurrency` at a
 * time; `onProgress` hears of each page done. Stops between pages when `signal` is aborted.
 */
export async function sealExistingPages({
  key,
  owner,
  ask,
  concurrency = 2,
  onProgress,
  signal,
}: {
  key: CryptoKey;
  owner: string;
  ask: Ask;
  concurrency?: number;
  onProgress?: (run: SealRun) => void;
  signal?: AbortSignal;
}): Promise<SealRun> {
  const run: SealRun = { sealed: 0, settled: 0, failed: [] };
  const settle = async (journal: Journal) => {
    let status = await sealOne({ key, owner, journal, ask });
    if (status === 404 || status === 409 || status === 412) {
      // Gone, or written meanwhile (here, in another tab or on another device): read it again.
      // Sealed, shared or deleted since, it is settled; still readable, it is sealed at its new version.
      const now = await rereadDay(ask, journal.journaldate);
      status = !now || !toSeal(now) ? 204 : status === 412 ? await sealOne({ key, owner, journal: now, ask }) : status;
    }
    if (status === 200) run.sealed += 1;
    else if (status === 204) run.settled += 1;
    else run.failed.push({ day: journal.journaldate, status });
    onProgress?.({ ...run, failed: [...run.failed] });
  };

  await eachDiaryPage({ ask, wanted: toSeal, settle, concurrency, signal });
  return run;
}
