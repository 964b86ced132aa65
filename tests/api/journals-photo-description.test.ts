import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { feed } from "../support/feed";
import { person } from "../support/friends";
import { api } from "../support/http";
import {
  entryFields,
  expectError,
  imageBlob,
  journalRow,
  postJournal,
  putJournal,
  signedIn,
  smallPng,
  utcDay,
} from "../support/journals";

// The photo's description (its alt text): an optional multipart field of POST and PUT
// /api/journals, returned as `imageDescription` wherever the entry's photo is (docs/api.md).

const TOO_LONG = "Photo description must be at most 300 characters";
const NOT_ALLOWED = "Photo description contains a character that is not allowed";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

async function photo() {
  return imageBlob(await smallPng(), "image/png");
}

async function withPhotoEntry(description?: string, day = utcDay(-1)) {
  const { user, token } = await signedIn(db);
  const res = await postJournal(
    token,
    entryFields({ journaldate: day, image: await photo(), imageDescription: description }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { user, token, id: res.body.id, day };
}

describe("the photo's description", () => {
  it("is stored with the photo, trimmed, and read back with the entry", async () => {
    const { token, id, day } = await withPhotoEntry("  A heron on one leg at the edge of the pond  ");
    expect((await journalRow(db, id))!.imageDescription).toBe("A heron on one leg at the edge of the pond");
    const read = await api<Record<string, unknown>>(`/api/journals/date/${day}`, { token });
    expect(read.body).toMatchObject({
      id,
      imageDescription: "A heron on one leg at the edge of the pond",
      images: [expect.any(String)],
    });
  });

  it("is optional: an entry written without one, as the original client writes, has null", async () => {
    const { id, token, day } = await withPhotoEntry(undefined);
    expect((await journalRow(db, id))!.imageDescription).toBeNull();
    expect((await api<Record<string, unknown>>(`/api/journals/date/${day}`, { token })).body).toMatchObject({
      imageDescription: null,
    });
  });

  it("is not kept without a photo", async () => {
    const { token } = await signedIn(db);
    const res = await postJournal(token, entryFields({ imageDescription: "A photo that is not there" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ images: [], imageDescription: null });
    expect((await journalRow(db, res.body.id))!.imageDescription).toBeNull();
  });

  it("on update: a missing field keeps it, a new one replaces it, an empty one clears it, and it goes with its photo", async () => {
    const { token, id } = await withPhotoEntry("The first description");
    const edit = (fields: Record<string, string | Blob | undefined>) =>
      putJournal(token, id, entryFields({ journaldate: undefined, ...fields }));

    // The original client knows nothing of the field: its edits leave the description alone.
    let res = await edit({ title: "Edited by the old client" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.journal).toMatchObject({
      title: "Edited by the old client",
      imageDescription: "The first description",
    });

    res = await edit({ imageDescription: "A better description" });
    expect(res.body.journal).toMatchObject({ imageDescription: "A better description" });
    expect((await journalRow(db, id))!.imageDescription).toBe("A better description");

    res = await edit({ imageDescription: "   " });
    expect(res.body.journal).toMatchObject({ imageDescription: null });

    res = await edit({ imageDescription: "Described again" });
    expect(res.body.journal).toMatchObject({ imageDescription: "Described again" });
    // A new photo sent without a description does not take the old photo's.
    res = await edit({ image: await photo() });
    expect(res.body.journal).toMatchObject({ imageDescription: null });
    res = await edit({ image: await photo(), imageDescription: "The new photo, described" });
    expect(res.body.journal).toMatchObject({ imageDescription: "The new photo, described" });
    // Removing the photo removes its description.
    res = await edit({ removeImage: "true", imageDescription: "Ignored: no photo" });
    expect(res.body.journal).toMatchObject({ images: [], imageDescription: null });
    expect((await journalRow(db, id))!.imageDescription).toBeNull();
  });

  it("takes up to 300 characters as a person sees them, and refuses 301 with a 400 that changes nothing", async () => {
    const family = "👨‍👩‍👧";
    const { token, id } = await withPhotoEntry(family.repeat(300));
    expect((await journalRow(db, id))!.imageDescription).toBe(family.repeat(300));

    const before = await journalRow(db, id);
    for (const description of ["a".repeat(301), family.repeat(301), "a".repeat(5_000)]) {
      expectError(
        await putJournal(
          token,
          id,
          entryFields({ journaldate: undefined, title: "Changed?", imageDescription: description }),
        ),
        400,
        TOO_LONG,
      );
    }
    expect(await journalRow(db, id)).toEqual(before);

    const other = await signedIn(db);
    const day = utcDay(-2);
    expectError(
      await postJournal(
        other.token,
        entryFields({ journaldate: day, image: await photo(), imageDescription: "b".repeat(301) }),
      ),
      400,
      TOO_LONG,
    );
    expect((await api(`/api/journals/date/${day}`, { token: other.token })).status).toBe(404);
  });

  it("refuses control characters, line breaks and bidi overrides with a 400 that changes nothing", async () => {
    const { token, id } = await withPhotoEntry("Kept as it was");
    const before = await journalRow(db, id);
    for (const description of [
      "bell\u0007",
      "two\nlines",
      "tab\there",
      "carriage\rreturn",
      "\u202eevil",
      "isolate\u2066x\u2069",
      "del\u007f",
      "c1\u0085",
    ]) {
      expectError(
        await putJournal(token, id, entryFields({ journaldate: undefined, imageDescription: description })),
        400,
        NOT_ALLOWED,
      );
    }
    expect(await journalRow(db, id)).toEqual(before);
    const other = await signedIn(db);
    expectError(
      await postJournal(other.token, entryFields({ image: await photo(), imageDescription: "nul\u0000" })),
      400,
    );
  });

  it("is in the friends' feed with the entry, anonymous or not, and nowhere the entry is not", async () => {
    const [reader, writer, stranger] = [await person(db), await person(db), await person(db)];
    await befriend(db, reader.user.id, writer.user.id);
    const post = async (day: string, description: string, fields: Record<string, string>) => {
      const res = await postJournal(
        writer.token,
        entryFields({ journaldate: day, image: await photo(), imageDescription: description, ...fields }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    const signed = await post(utcDay(-3), "Signed: the harbour at dawn", { visibility: "close-circle" });
    const anonymous = await post(utcDay(-4), "Anonymous: a letter never sent", {
      visibility: "close-circle",
      isAnonymous: "true",
    });
    await post(utcDay(-5), "Private: my own face", { visibility: "private" });

    const res = await feed(reader);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.journals.map((j) => [j.id, j]));
    expect(byId.get(signed)).toMatchObject({
      imageDescription: "Signed: the harbour at dawn",
      author: expect.objectContaining({ id: writer.user.id }),
    });
    expect(byId.get(anonymous)).toMatchObject({ imageDescription: "Anonymous: a letter never sent", author: null });
    expect(res.body.journals).toHaveLength(2);
    expect(JSON.stringify(res.body)).not.toContain("Private: my own face");

    const strangers = await feed(stranger);
    expect(JSON.stringify(strangers.body)).not.toContain("harbour");
    expect(JSON.stringify(strangers.body)).not.toContain("letter never sent");
  });
});
