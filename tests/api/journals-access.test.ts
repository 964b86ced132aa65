import fs from "node:fs";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { friendships } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import {
  entryFields,
  expectError,
  imageBlob,
  journalRow,
  postJournal,
  putJournal,
  send,
  signedIn,
  smallPng,
  unsignedImagePath,
  uploadPath,
} from "../support/journals";

// Another person's entry is a 404 for every call (docs/api.md: "404 ... also for things the caller may
// not know exist"), and their full list a 403. Each case checks that the entry is untouched after.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

async function ownerWithPhotoEntry(visibility: "private" | "close-circle") {
  const owner = await signedIn(db);
  const res = await postJournal(
    owner.token,
    entryFields({ visibility, journaldate: "2025-05-05", image: imageBlob(await smallPng(), "image/png") }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = (await journalRow(db, res.body.id))!;
  expect(row.imageKey).toEqual(expect.any(String));
  return { owner, entry: res.body, row };
}

async function expectUntouched(row: NonNullable<Awaited<ReturnType<typeof journalRow>>>) {
  expect(await journalRow(db, row.id)).toEqual(row);
  expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
}

describe("another person's entry", () => {
  it.each(["private", "close-circle"] as const)(
    "is a 404 to a stranger for update, delete and photo (%s), and stays as it was",
    async (visibility) => {
      const { entry, row } = await ownerWithPhotoEntry(visibility);
      const stranger = await signedIn(db);
      for (const base of [testEnv.baseUrl, testEnv.secondUrl]) {
        expectError(
          await putJournal(
            stranger.token,
            entry.id,
            { title: "Mine now", content: "Overwritten", removeImage: "true" },
            base,
          ),
          404,
        );
        expectError(
          await putJournal(
            stranger.token,
            entry.id,
            { title: "Mine now", content: "x", image: imageBlob(await smallPng("#ff00ff"), "image/png") },
            base,
          ),
          404,
        );
        expectError(await api(`/api/journals/${entry.id}`, { method: "DELETE", token: stranger.token, base }), 404);
        expectError(await api(unsignedImagePath(entry.images[0]!), { token: stranger.token, base }), 404);
      }
      expectError(
        await api("/api/journals/date/2025-05-05", { token: stranger.token }),
        404,
        "No journal found for this date",
      );
      expect((await api("/api/journals/month/2025/5", { token: stranger.token })).body).toEqual([]);
      await expectUntouched(row);
    },
  );

  it("is a 404 to a friend for update and delete, even when shared with the close circle", async () => {
    const { owner, entry, row } = await ownerWithPhotoEntry("close-circle");
    const friend = await signedIn(db);
    await befriend(db, owner.user.id, friend.user.id);
    expectError(await putJournal(friend.token, entry.id, { title: "Edited by a friend", content: "No" }), 404);
    expectError(await api(`/api/journals/${entry.id}`, { method: "DELETE", token: friend.token }), 404);
    await expectUntouched(row);
  });

  it("has its photo shown to a friend when shared with the close circle, and to nobody else when private", async () => {
    const shared = await ownerWithPhotoEntry("close-circle");
    const secret = await ownerWithPhotoEntry("private");
    const friend = await signedIn(db);
    await befriend(db, shared.owner.user.id, friend.user.id);
    await befriend(db, secret.owner.user.id, friend.user.id);
    const seen = await fetch(`${testEnv.baseUrl}${unsignedImagePath(shared.entry.images[0]!)}`, {
      headers: { authorization: `Bearer ${friend.token}` },
    });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/webp");
    expectError(await api(unsignedImagePath(secret.entry.images[0]!), { token: friend.token }), 404);
  });

  it("is listed to nobody but its author: another person's full list is 403", async () => {
    const { owner } = await ownerWithPhotoEntry("close-circle");
    const friend = await signedIn(db);
    await befriend(db, owner.user.id, friend.user.id);
    expectError(
      await api(`/api/journals/users/${owner.user.id}`, { token: friend.token }),
      403,
      "You can only download your own journal",
    );
  });

  it("stops showing its photo once the friendship ends (each request is checked)", async () => {
    const { owner, entry } = await ownerWithPhotoEntry("close-circle");
    const friend = await signedIn(db);
    await befriend(db, owner.user.id, friend.user.id);
    expect((await api(unsignedImagePath(entry.images[0]!), { token: friend.token })).status).toBe(200);
    await db
      .delete(friendships)
      .where(or(eq(friendships.userId, owner.user.id), eq(friendships.userId, friend.user.id)));
    expectError(await api(unsignedImagePath(entry.images[0]!), { token: friend.token }), 404);
  });
});

describe("malformed and unknown ids", () => {
  const ids = [
    "not-a-uuid",
    "12345",
    "00000000-0000-0000-0000-00000000000g",
    "00000000-0000-4000-8000-000000000000",
    "%27%20or%201%3D1--",
  ];

  it.each(ids)("answer 404 (never 500) to update, delete and photo: %j", async (id) => {
    const { token } = await signedIn(db);
    expectError(await putJournal(token, id, { title: "t", content: "c" }), 404);
    expectError(await api(`/api/journals/${id}`, { method: "DELETE", token }), 404);
    expectError(await api(`/api/journals/${id}/image`, { token }), 404);
  });

  it("answer 404 for the photo of an entry without one", async () => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id);
    expectError(await api(`/api/journals/${entry.id}/image`, { token }), 404);
  });

  it("answer 401 for a photo asked for without a signature or a token, as every call without one", async () => {
    const { entry } = await ownerWithPhotoEntry("close-circle");
    expectError(await send(unsignedImagePath(entry.images[0]!)), 401, "Authentication required");
  });
});
