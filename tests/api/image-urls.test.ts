import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { journalImageUrl } from "../../lib/journals";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { api } from "../support/http";
import {
  entryFields,
  expectError,
  imageBlob,
  imagePath,
  journalRow,
  postJournal,
  putJournal,
  signedIn,
  smallPng,
  unsignedImagePath,
} from "../support/journals";

// Signed photo URLs (docs/decisions/024): absolute on APP_URL, loaded with no cookie or header,
// bound to one viewer until a whole hour 1–2 hours away, and checked again whenever they are served.
// A friend's URL comes from the feed; URLs at other moments (fake timers) are signed here in the test
// process with the key the instances keep in the shared database.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function ownerWithPhoto(fields: Record<string, string> = {}) {
  const owner = await signedIn(db);
  const res = await postJournal(
    owner.token,
    entryFields({ visibility: "close-circle", ...fields, image: imageBlob(await smallPng(), "image/png") }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = (await journalRow(db, res.body.id))!;
  return { owner, entry: res.body, row };
}

/** An owner's close-circle photo entry, a friend, and the URL the friend's feed gives them. */
async function friendsPhoto(fields: Record<string, string> = {}) {
  const { owner, entry } = await ownerWithPhoto(fields);
  const friend = await signedIn(db);
  await befriend(db, owner.user.id, friend.user.id);
  const feed = await api<{ journals: { id: string; images: string[] }[] }>("/api/journal/close-circle", {
    token: friend.token,
  });
  expect(feed.status).toBe(200);
  const url = feed.body.journals.find((j) => j.id === entry.id)!.images[0]!;
  expectSignedFor(url, { id: entry.id, viewerId: friend.user.id });
  expect(url).not.toContain(owner.user.id);
  return { owner, friend, entry, url };
}

function expectSignedFor(
  url: string,
  { id, viewerId, base = testEnv.baseUrl }: { id: string; viewerId: string; base?: string },
) {
  const u = new URL(url);
  expect(u.origin).toBe(new URL(base).origin);
  expect(u.pathname).toBe(`/api/journals/${id}/image`);
  expect([...u.searchParams.keys()].sort()).toEqual(["e", "s", "u", "v"]);
  expect(u.searchParams.get("u")).toBe(viewerId);
  expect(u.searchParams.get("s")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const expiry = Number(u.searchParams.get("e"));
  expect(expiry % HOUR).toBe(0);
  // 1 to 2 hours away (a second of slack for the request that made it).
  expect(expiry - nowSeconds()).toBeGreaterThanOrEqual(HOUR - 1);
  expect(expiry - nowSeconds()).toBeLessThanOrEqual(2 * HOUR);
  return expiry;
}

describe("a photo URL in a journal answer", () => {
  it("is absolute on APP_URL, signed for the caller, and loads with no cookie or header on either instance", async () => {
    const { owner, entry } = await ownerWithPhoto();
    expectSignedFor(entry.images[0]!, { id: entry.id, viewerId: owner.user.id });
    const byDate = await api<{ images: string[] }>(`/api/journals/date/${entry.journaldate}`, { token: owner.token });
    expectSignedFor(byDate.body.images[0]!, { id: entry.id, viewerId: owner.user.id });
    const list = await api<{ images: string[] }[]>(`/api/journals/users/${owner.user.id}`, { token: owner.token });
    expectSignedFor(list.body[0]!.images[0]!, { id: entry.id, viewerId: owner.user.id });
    const edited = await putJournal(
      owner.token,
      entry.id,
      { title: "Edited", content: "Edited", visibility: "close-circle", isAnonymous: "false" },
      testEnv.secondUrl,
    );
    expectSignedFor(edited.body.journal.images[0]!, { id: entry.id, viewerId: owner.user.id, base: testEnv.secondUrl });

    for (const url of [
      entry.images[0]!,
      `${testEnv.secondUrl}${imagePath(entry.images[0]!)}`,
      edited.body.journal.images[0]!,
    ]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("is served to a plain cross-origin <img> of an allowed origin: no CORP header stands in the way", async () => {
    const { entry } = await ownerWithPhoto();
    const res = await fetch(entry.images[0]!, {
      headers: {
        origin: TEST_CLIENT_ORIGIN,
        "sec-fetch-mode": "no-cors",
        "sec-fetch-dest": "image",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cross-origin-resource-policy")).toBeNull();
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("is cached privately, never beyond its expiry nor beyond an hour", async () => {
    const { entry } = await ownerWithPhoto();
    const expiry = Number(new URL(entry.images[0]!).searchParams.get("e"));
    const res = await fetch(entry.images[0]!);
    expect(res.status).toBe(200);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get("cache-control")!)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(Math.min(HOUR, expiry - nowSeconds() + 1));
  });

  it("of an anonymous entry names the entry and its viewer, never its writer", async () => {
    const { owner, friend, entry, url } = await friendsPhoto({ isAnonymous: "true" });
    expectSignedFor(url, { id: entry.id, viewerId: friend.user.id });
    expect(url).not.toContain(owner.user.id);
    expect(url.toLowerCase()).not.toContain(owner.user.id.replace(/-/g, ""));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});

describe("a signed URL that is not exactly as issued", () => {
  const otherId = "00000000-0000-4000-8000-000000000000";
  const flip = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");
  type Change = (q: URLSearchParams, ids: { stranger: string }) => string;
  const set =
    (name: string, value: string): Change =>
    (q) => (q.set(name, value), q.toString());
  const without =
    (name: string): Change =>
    (q) => (q.delete(name), q.toString());
  const changes: [string, Change][] = [
    ["a tampered signature", (q) => (q.set("s", flip(q.get("s")!)), q.toString())],
    ["another viewer's id with this signature", (q, { stranger }) => (q.set("u", stranger), q.toString())],
    ["a later expiry with this signature", (q) => (q.set("e", String(Number(q.get("e")) + HOUR)), q.toString())],
    ["another version with this signature", set("v", "0123456789ab")],
    ["no signature", without("s")],
    ["no viewer", without("u")],
    ["no expiry", without("e")],
    ["no version", without("v")],
    ["only a signature", (q) => `s=${q.get("s")}`],
    ["an empty signature", set("s", "")],
    [
      "a signature of the right length in other characters",
      (q) => (q.set("s", "é".repeat(q.get("s")!.length)), q.toString()),
    ],
    ["a signature that is not %-encoding", (q) => `${q.toString().replace(/&s=[^&]*/, "")}&s=%ZZ%`],
    ["an upper-case viewer id", (q) => (q.set("u", q.get("u")!.toUpperCase()), q.toString())],
    ["a viewer id that is not one", set("u", "' or 1=1 --")],
    ["an expiry that is not a number", set("e", "soon")],
    ["an expiry of 20 digits", set("e", "99999999999999999999")],
    ["a negative expiry", set("e", "-1")],
    ["an expiry in exponent form", (q) => (q.set("e", `${Number(q.get("e")) / 1000}e3`), q.toString())],
    ["a long signature", set("s", "A".repeat(4000))],
    ["an unknown viewer", set("u", otherId)],
  ];

  it.each(changes)("is the same 404 as a missing photo, never a 500: %s", async (_label, change) => {
    const { owner, entry } = await ownerWithPhoto();
    const stranger = await signedIn(db);
    const url = new URL(entry.images[0]!);
    const query = change(new URLSearchParams(url.search), { stranger: stranger.user.id });
    expectError(await api(`${url.pathname}?${query}`), 404, "Image not found");
    // The owner's session does not rescue a URL whose signature fails.
    expectError(await api(`${url.pathname}?${query}`, { token: owner.token }), 404, "Image not found");
  });

  it("is a 404 once expired, and the same URL signed now works", async () => {
    const { row } = await ownerWithPhoto();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 3 * HOUR * 1000 });
    const old = await journalImageUrl({ db, id: row.id, imageKey: row.imageKey!, viewerId: row.authorId });
    vi.useRealTimers();
    expect(Number(new URL(old).searchParams.get("e"))).toBeLessThan(nowSeconds());
    expectError(await api(imagePath(old)), 404, "Image not found");
    const fresh = await journalImageUrl({ db, id: row.id, imageKey: row.imageKey!, viewerId: row.authorId });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it("for another entry is a 404 (the signature names the entry)", async () => {
    const { entry } = await ownerWithPhoto();
    const other = await ownerWithPhoto();
    const url = new URL(entry.images[0]!);
    expectError(await api(`/api/journals/${other.entry.id}/image${url.search}`), 404, "Image not found");
  });
});

describe("without a signature", () => {
  it("is the author's with a session, a 404 to a stranger, and a 401 to nobody signed in", async () => {
    const { owner, entry } = await ownerWithPhoto();
    const stranger = await signedIn(db);
    const path = unsignedImagePath(entry.images[0]!);
    expect((await api(path, { token: owner.token })).status).toBe(200);
    expect((await api(path, { cookie: `session=${owner.token}` })).status).toBe(200);
    expectError(await api(path, { token: stranger.token }), 404, "Image not found");
    expectError(await api(path), 401, "Authentication required");
    expectError(await api(path, { token: "not-a-session-token" }), 401, "Invalid or expired session");
  });
});

describe("a friend's signed URL is checked when it is served", () => {
  it("stops working at once when the friendship is removed", async () => {
    const { owner, friend, url } = await friendsPhoto();
    expect((await fetch(url)).status).toBe(200);
    const removed = await api(`/api/myprofile/community/closefriends/${owner.user.id}`, {
      method: "DELETE",
      token: friend.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expectError(await api(imagePath(url)), 404, "Image not found");
    expectError(await api(imagePath(url), { base: testEnv.secondUrl }), 404, "Image not found");
  });

  it("stops working at once when the entry is made private, while the author's still works", async () => {
    const { owner, entry, url } = await friendsPhoto();
    expect((await fetch(url)).status).toBe(200);
    const res = await putJournal(owner.token, entry.id, {
      title: "Mine alone",
      content: "Not for sharing after all",
      visibility: "private",
      isAnonymous: "false",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectError(await api(imagePath(url)), 404, "Image not found");
    expect((await fetch(res.body.journal.images[0]!)).status).toBe(200);
  });
});

describe("a URL stays the same for a while, so browsers can cache it", () => {
  it("is the same all through one hour, and changes with the next", async () => {
    const { row } = await ownerWithPhoto();
    const sign = async (at: string) => {
      vi.setSystemTime(new Date(at));
      return journalImageUrl({ db, id: row.id, imageKey: row.imageKey!, viewerId: row.authorId });
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await sign("2031-03-04T10:00:01Z");
    expect(await sign("2031-03-04T10:42:00Z")).toBe(first);
    expect(await sign("2031-03-04T11:00:00Z")).toBe(first);
    expect(new URL(first).searchParams.get("e")).toBe(String(Date.parse("2031-03-04T12:00:00Z") / 1000));
    const next = await sign("2031-03-04T11:00:01Z");
    expect(next).not.toBe(first);
    expect(new URL(next).searchParams.get("e")).toBe(String(Date.parse("2031-03-04T13:00:00Z") / 1000));
  });
});
