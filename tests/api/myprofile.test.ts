import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { connect, createJournal, unique, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn, smallPng, imageBlob } from "../support/journals";
import { keyOfUrl, pictureFile, signedPicture, storedKeyOf, uploadPicture } from "../support/profile-images";
import fs from "node:fs";

// GET and PUT /api/myprofile (docs/api.md "My profile and community", docs/decisions/028).

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const FIELDS = [
  "_id",
  "id",
  "name",
  "username",
  "email",
  "bio",
  "location",
  "profileImage",
  "createdAt",
  "journalCount",
  "totalLikes",
  "totalReads",
].sort();
const NOT_OURS = /^Profile image must be empty or an image URL this server gave you/;

type MyProfile = Record<string, unknown> & { profileImage: string | null; username: string };

const getMine = (token: string) => api<MyProfile>("/api/myprofile", { token });
const putMine = (token: string, body: unknown) => api<MyProfile>("/api/myprofile", { method: "PUT", token, body });

async function uploaded(token: string) {
  const res = await uploadPicture(token, imageBlob(await smallPng(), "image/png"));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.imageUrl;
}

describe("GET /api/myprofile", () => {
  it("answers the caller's profile with email, and totals that count private and anonymous entries too", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, {
      journalDate: "2025-02-01",
      visibility: "close-circle",
      likesCount: 2,
      readsCount: 5,
    });
    await createJournal(db, user.id, {
      journalDate: "2025-02-02",
      visibility: "close-circle",
      isAnonymous: true,
      likesCount: 3,
      readsCount: 7,
    });
    await createJournal(db, user.id, { journalDate: "2025-02-03", likesCount: 0, readsCount: 1 });

    const res = await getMine(token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toEqual({
      _id: user.id,
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      bio: "",
      location: "",
      profileImage: null,
      createdAt: user.createdAt.toISOString(),
      journalCount: 3,
      totalLikes: 5,
      totalReads: 13,
    });
    const publicView = await api<{ user: Record<string, number> }>(`/api/users/${user.id}`, { token });
    // Others see only the signed entry shared with the close circle (docs/decisions/042).
    expect(publicView.body.user).toMatchObject({ journalCount: 1, totalLikes: 2, totalReads: 5 });
  });

  it("answers 401 without a session", async () => {
    expectError(await api("/api/myprofile"), 401);
    expectError(await api("/api/myprofile", { method: "PUT", body: { bio: "x" } }), 401);
  });
});

describe("PUT /api/myprofile", () => {
  it("changes every field, lower-cases the username, and answers what a following GET answers", async () => {
    const { user, token } = await signedIn(db);
    const username = unique("New.Name_");
    const imageUrl = await uploaded(token);
    const res = await putMine(token, {
      name: "  Ada Lovelace ",
      username: username.toUpperCase(),
      bio: "Notes\r\non rivers",
      location: " Lyon ",
      profileImage: imageUrl,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: "Ada Lovelace",
      username: username.toLowerCase(),
      bio: "Notes\non rivers",
      location: "Lyon",
      email: user.email,
    });
    expect(res.body.profileImage).toEqual(
      signedPicture({ ownerId: user.id, viewerId: user.id, key: keyOfUrl(imageUrl) }),
    );
    expect((await getMine(token)).body).toEqual(res.body);
    expect(await storedKeyOf(db, user.id)).toBe(keyOfUrl(imageUrl));
  });

  it("keeps the fields left out, and empties bio and location given as empty or null", async () => {
    const { user, token } = await signedIn(db);
    const imageUrl = await uploaded(token);
    await putMine(token, { bio: "Kept", location: "Kept too", profileImage: imageUrl });
    expect((await putMine(token, { name: "Only the name" })).body).toMatchObject({
      name: "Only the name",
      username: user.username,
      bio: "Kept",
      location: "Kept too",
    });
    expect(await storedKeyOf(db, user.id)).toBe(keyOfUrl(imageUrl));
    expect((await putMine(token, { bio: "", location: null })).body).toMatchObject({ bio: "", location: "" });
  });

  it("accepts the profile's own picture URL back unchanged (a client saving its whole state)", async () => {
    const { user, token } = await signedIn(db);
    const imageUrl = await uploaded(token);
    const first = await putMine(token, { profileImage: imageUrl });
    const again = await putMine(token, { ...first.body, bio: "Changed" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await storedKeyOf(db, user.id)).toBe(keyOfUrl(imageUrl));
    expect(fs.existsSync(pictureFile(keyOfUrl(imageUrl)))).toBe(true);
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "x".repeat(81) }, "Name must be at most 80 characters"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "no spaces" }, "Username may only contain letters, numbers, _ and ."],
    [{ username: "x".repeat(31) }, "Username must be at most 30 characters"],
    [{ bio: "b".repeat(501) }, "Bio must be at most 500 characters"],
    [{ location: "l".repeat(101) }, "Location must be at most 100 characters"],
    [
      { name: "a\r\nBcc: victim@gmail.com" },
      "Name may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { name: "\u202eevil" },
      "Name may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { username: "\u2066evil\u2069" },
      "Username may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { location: "Lyon\r\nBcc: x" },
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { location: "Lyon\nFrance" },
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { location: "\u202enoyL" },
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { location: "Lyon\u200e" },
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [{ location: "Lyon\u0000" }, "Location contains a character that is not allowed"],
    [
      { name: "A\u200bda" },
      "Name may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [
      { location: "Ly\u00adon" },
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    ],
    [{ bio: 5 }, "Bio must be text"],
    [{ profileImage: "https://img.example/ada.png" }, NOT_OURS],
    [{ profileImage: "not a url" }, NOT_OURS],
    [{ profileImage: "/api/users/00000000-0000-4000-8000-000000000000/avatar" }, NOT_OURS],
  ])("refuses %j with 400", async (body, message) => {
    const { user, token } = await signedIn(db);
    expectError(await putMine(token, body), 400, message);
    const after = await getMine(token);
    expect(after.body).toMatchObject({
      name: user.name,
      username: user.username,
      bio: "",
      location: "",
      profileImage: null,
    });
  });

  it("takes a bio of exactly 500 characters and a location of exactly 100", async () => {
    const { token } = await signedIn(db);
    const res = await putMine(token, { bio: "b".repeat(500), location: "l".repeat(100) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: "b".repeat(500), location: "l".repeat(100) });
  });

  it("refuses another user's issued URL, a URL issued to someone else, a tampered one and an expired one", async () => {
    const me = await signedIn(db);
    const other = await signedIn(db);
    const theirs = await uploaded(other.token);
    const mine = new URL(await uploaded(me.token));
    const tampered = new URL(mine);
    tampered.searchParams.set(
      "s",
      mine.searchParams.get("s")!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    );
    const forOther = new URL(mine);
    forOther.searchParams.set("u", other.user.id);
    const expired = new URL(mine);
    expired.searchParams.set("e", String(Math.floor(Date.now() / 1000) - 10));
    const otherVersion = new URL(mine);
    otherVersion.searchParams.set("v", "00000000-0000-4000-8000-000000000000");
    const otherHost = new URL(mine);
    otherHost.host = "img.example";
    for (const url of [theirs, tampered, forOther, expired, otherVersion, otherHost]) {
      expectError(await putMine(me.token, { profileImage: url.toString() }), 400, NOT_OURS);
    }
    expect(await storedKeyOf(db, me.user.id)).toBeNull();
  });

  it("removes the picture on null or empty and deletes its file; replacing one deletes the old file", async () => {
    const { user, token } = await signedIn(db);
    const first = await uploaded(token);
    const second = await uploaded(token);
    expect((await putMine(token, { profileImage: first })).status).toBe(200);
    expect((await putMine(token, { profileImage: second })).status).toBe(200);
    expect(fs.existsSync(pictureFile(keyOfUrl(first)))).toBe(false);
    expect(fs.existsSync(pictureFile(keyOfUrl(second)))).toBe(true);
    expect((await fetch(first)).status).toBe(404);
    // A deleted picture's URL, though still validly signed, cannot be chosen again.
    expectError(
      await putMine(token, { profileImage: first }),
      400,
      "That profile image is no longer available: upload it again",
    );

    for (const empty of [null, ""]) {
      const third = await uploaded(token);
      expect((await putMine(token, { profileImage: third })).status).toBe(200);
      const res = await putMine(token, { profileImage: empty });
      expect(res.status).toBe(200);
      expect(res.body.profileImage).toBeNull();
      expect(await storedKeyOf(db, user.id)).toBeNull();
      expect(fs.existsSync(pictureFile(keyOfUrl(third)))).toBe(false);
    }
  });

  it("answers 409 for a username someone else has, in any case", async () => {
    const { user: taken } = await signedIn(db);
    const { token } = await signedIn(db);
    const res = await putMine(token, { username: taken.username.toUpperCase() });
    expect(res.status).toBe(409);
    // The field that clashes is named, as a 400 names its fields (docs/decisions/048).
    expect(res.body).toEqual(
      coded({
        message: "Username is already taken",
        errors: [{ path: "username", message: "Username is already taken" }],
      }),
    );
  });

  it("lets only one of two simultaneous claims to a username win: one 200, one 409, never a 500", async () => {
    const [a, b] = [await signedIn(db), await signedIn(db)];
    const username = unique("race_");
    const results = await Promise.all([putMine(a.token, { username }), putMine(b.token, { username })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({
      message: "Username is already taken",
      errors: [{ path: "username" }],
    });
  });

  it("refuses a write authenticated only by the cookie from another origin", async () => {
    const { token } = await signedIn(db);
    const res = await api("/api/myprofile", {
      method: "PUT",
      cookie: `session=${token}`,
      headers: { origin: "https://evil.example" },
      body: { bio: "hijacked" },
    });
    expectError(res, 403);
    expect((await getMine(token)).body.bio).toBe("");
  });
});
