import { describe, expect, it } from "vitest";
import { itemKey, LockError, newDiarySecret } from "../../client/lock/crypto";
import { openPage, openPhoto, sealPage, sealPhoto, type PageWords } from "../../client/lock/pages";

// A locked page as the browser seals and opens it (client/lock/pages.ts, docs/decisions/115), on
// Node's WebCrypto. What a server could do to a page it cannot read — swap its fields, hand over
// another day's items, claim another revision, cut or alter a byte, send an unknown version — is
// refused with a LockError, never garbage.

const OWNER = "4f0c1d6e-2b6a-4a51-9d8e-3c1b2a0f9e77";
const DAY = "2026-11-29";
const WORDS: PageWords = {
  title: "Pelican",
  content: "The zanzibar marker, and a #tag of mine.",
  imageDescription: "Fog on the bay",
};

async function sealedJournal(revision = 3, day = DAY, words = WORDS) {
  const key = await itemKey(newDiarySecret());
  const fields = await sealPage({ key, owner: OWNER, day, revision, words });
  const journal = {
    title: "Locked page",
    content: "Locked page — open it in Inkwell to read it.",
    imageDescription: null,
    journaldate: day,
    sealed: {
      v: 1 as const,
      revision: Number(fields.sealedRevision),
      title: fields.sealedTitle,
      content: fields.sealedContent,
      imageDescription: fields.sealedImageDescription ?? null,
      imageRevision: null,
      image: null,
    },
  };
  return { key, fields, journal };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LockError);
  return (err as LockError).reason;
};

describe("a locked page", () => {
  it("is sent with sealed fields only and opens to its words for its place", async () => {
    const { key, fields, journal } = await sealedJournal();
    expect(Object.keys(fields).sort()).toEqual([
      "sealedContent",
      "sealedImageDescription",
      "sealedRevision",
      "sealedTitle",
    ]);
    expect(JSON.stringify(fields)).not.toMatch(/zanzibar|Pelican|Fog/);
    expect(await openPage({ key, owner: OWNER, journal })).toEqual({ ...WORDS, revision: 3 });
  });

  it("a page without a description sends none", async () => {
    const { fields } = await sealedJournal(1, DAY, { ...WORDS, imageDescription: null });
    expect(fields.sealedImageDescription).toBeUndefined();
  });

  it("refuses swapped fields, another day's items, another revision, another owner or key", async () => {
    const { key, journal } = await sealedJournal();
    const s = journal.sealed;
    const swapped = { ...journal, sealed: { ...s, title: s.content, content: s.title } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: swapped }))).toBe("damaged");
    const moved = { ...journal, journaldate: "2026-11-28" };
    expect(await refusal(openPage({ key, owner: OWNER, journal: moved }))).toBe("damaged");
    const older = { ...journal, sealed: { ...s, revision: 2 } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: older }))).toBe("damaged");
    expect(await refusal(openPage({ key, owner: "someone-else", journal }))).toBe("damaged");
    const other = await itemKey(newDiarySecret());
    expect(await refusal(openPage({ key: other, owner: OWNER, journal }))).toBe("damaged");
  });

  it("refuses a cut or altered item and an unknown version", async () => {
    const { key, journal } = await sealedJournal();
    const s = journal.sealed;
    const cut = { ...journal, sealed: { ...s, content: s.content.slice(0, 30) } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: cut }))).toBe("damaged");
    const flip = s.content.at(-5) === "A" ? "B" : "A";
    const altered = { ...journal, sealed: { ...s, content: s.content.slice(0, -5) + flip + s.content.slice(-4) } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: altered }))).toBe("damaged");
    const unknown = { ...journal, sealed: { ...s, v: 2 as unknown as 1 } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: unknown }))).toBe("unknown-version");
    const renamed = { ...journal, sealed: { ...s, title: "ik2." + s.title.slice(4) } };
    expect(await refusal(openPage({ key, owner: OWNER, journal: renamed }))).toBe("unknown-version");
  });

  it("passes a readable page through as it is", async () => {
    const key = await itemKey(newDiarySecret());
    const journal = { title: "Open", content: "Shared words", imageDescription: null, journaldate: DAY, sealed: null };
    expect(await openPage({ key, owner: OWNER, journal })).toEqual({
      title: "Open",
      content: "Shared words",
      imageDescription: null,
      revision: null,
    });
  });

  it("seals its photo for the revision it came with, and opens it for that revision only", async () => {
    const key = await itemKey(newDiarySecret());
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    const sealed = await sealPhoto({ key, owner: OWNER, day: DAY, revision: 2, bytes });
    const journal = (imageRevision: number | null) => ({
      journaldate: DAY,
      sealed: {
        v: 1 as const,
        revision: 5,
        title: "",
        content: "",
        imageDescription: null,
        imageRevision,
        image: null,
      },
    });
    expect(await openPhoto({ key, owner: OWNER, journal: journal(2), bytes: sealed })).toEqual(bytes);
    expect(await refusal(openPhoto({ key, owner: OWNER, journal: journal(1), bytes: sealed }))).toBe("damaged");
    expect(await refusal(openPhoto({ key, owner: OWNER, journal: journal(null), bytes: sealed }))).toBe("damaged");
  });
});
