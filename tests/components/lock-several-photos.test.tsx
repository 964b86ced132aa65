import { expect, test } from "vitest";
import { openJournal } from "@/client/lock/actions";
import { itemKey, newDiarySecret, sealText } from "@/client/lock/crypto";
import { sealPage, sealPhoto } from "@/client/lock/pages";
import { blobUrls } from "./support/blob-urls";
import { diaryEntry } from "./support/locked-diary";

// A locked page with several photos opened in the browser (client/lock/actions.ts openJournal,
// docs/decisions/139): every photo opened for the revision it was sealed for, the cover's
// description for the page's revision with the words, the others' for their photos'.

const blobUrl = blobUrls();
const OWNER = "0b6c2c1e-aaaa-4a4a-8b8b-00000000000a";
const DAY = "2026-04-02";

test("every photo and its description open; a photo sealed for another place makes the page damaged", async () => {
  const key = await itemKey(newDiarySecret());
  const [first, later] = [170_000_000, 170_000_100];
  const bytes = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6]), new Uint8Array([7, 8, 9])];
  const sealedAt = (revision: number, i: number) =>
    sealPhoto({ key, owner: OWNER, day: DAY, revision, bytes: bytes[i]! });
  const alt = (revision: number, words: string) =>
    sealText(key, { owner: OWNER, day: DAY, field: "photoAlt", revision }, words);
  const words = { title: "Three photos", content: "Sealed words", imageDescription: "The lake" };
  const sealed = await sealPage({ key, owner: OWNER, day: DAY, revision: later, words });
  const photos = [
    {
      id: "aaaaaaaaaaaa",
      image: blobUrl(new Blob([(await sealedAt(first, 0)) as BlobPart])),
      description: sealed.sealedImageDescription!,
      revision: first,
    },
    {
      id: "bbbbbbbbbbbb",
      image: blobUrl(new Blob([(await sealedAt(first, 1)) as BlobPart])),
      description: await alt(first, "A heron"),
      revision: first,
    },
    {
      id: "cccccccccccc",
      image: blobUrl(new Blob([(await sealedAt(later, 2)) as BlobPart])),
      description: null,
      revision: later,
    },
  ];
  const entry = diaryEntry({
    id: "0b6c2c1e-4444-4a4a-8b8b-000000000004",
    journaldate: DAY,
    locked: true,
    sealed: {
      v: 1,
      revision: later,
      title: sealed.sealedTitle,
      content: sealed.sealedContent,
      imageDescription: sealed.sealedImageDescription!,
      imageRevision: first,
      image: photos[0]!.image,
      photos,
    },
  });

  const opened = await openJournal(OWNER, key, entry);
  expect(opened.status).toBe("open");
  if (opened.status !== "open") return;
  expect(opened.journal.photos).toEqual([
    { id: "aaaaaaaaaaaa", description: "The lake" },
    { id: "bbbbbbbbbbbb", description: "A heron" },
    { id: "cccccccccccc", description: null },
  ]);
  expect(opened.journal.images).toHaveLength(3);
  for (const [i, url] of opened.journal.images.entries()) {
    expect(url).toMatch(/^blob:/);
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(bytes[i]);
    URL.revokeObjectURL(url);
  }

  // The third photo claimed for the first revision does not open: the page is damaged, not shown wrong.
  const moved = {
    ...entry,
    sealed: { ...entry.sealed!, photos: [photos[0]!, photos[1]!, { ...photos[2]!, revision: first }] },
  };
  expect((await openJournal(OWNER, key, moved)).status).toBe("damaged");
});
