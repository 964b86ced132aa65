import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createJournal, createSession, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { diaryLocks, journals, passkeys } from "../../lib/db/schema";
import {
  itemKey,
  lockVerifier,
  newDiarySecret,
  newRecoveryKey,
  openRaw,
  openText,
  sealRaw,
  unwrapWithPassphrase,
  wrapWithKeyMaterial,
  type Field,
  type WrappedSecret,
} from "../../client/lock/crypto";
import {
  IMPORT_LOCKED_MESSAGE,
  LOCK_EXISTS_MESSAGE,
  DIARY_LOCKED_MESSAGE,
  LOCK_TURNING_OFF_MESSAGE,
  LOCKED_CONTENT,
  LOCKED_PAGE_MESSAGE,
  LOCKED_TITLE,
  NO_LOCK_MESSAGE,
  NOT_LOCKED_MESSAGE,
  SEALED_FIELD_MESSAGE,
  SEALED_IMAGE_MAX_BYTES,
  SEALED_IMAGE_MESSAGE,
  UNSEAL_PHOTO_MESSAGE,
  SEALED_CONTENT_MAX,
  SEALED_IMPORTED_MESSAGE,
  SEALED_INCOMPLETE_MESSAGE,
  SEALED_PHOTO_MESSAGE,
  SEALED_PRIVATE_MESSAGE,
  SEALED_STALE_MESSAGE,
  SEALED_WITH_TEXT_MESSAGE,
  UNVERIFIED_LOCK_MESSAGE,
  LOCK_VERIFIER_MESSAGE,
  LOCK_WRAPS_MESSAGE,
  WRONG_VERIFIER_MESSAGE,
} from "../../lib/validation/lock-limits";
import { PASSWORD_REQUIRED_MESSAGE } from "../../lib/validation/auth-limits";
import { testEnv } from "../support/env";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { lockedDiary as lockDiary, PASSPHRASE, sealedFields, wrapsFor, type Diary } from "../support/lock";
import { waitForMail, waitForMails } from "../support/mailbox";
import {
  expectError,
  imageBlob,
  imagePath,
  postJournal,
  putJournal,
  smallPng,
  uploadPath,
  utcDay,
  type JournalBody,
} from "../support/journals";

// The diary lock's server side (docs/decisions/114, 115): the wrappings it keeps and cannot open,
// and the rules every entry write meets once a diary is locked. The browser's part is real here
// too: the sealed items and wrappings are made by client/lock/crypto.ts, as the app makes them.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const turnOn = (token: string, body: unknown) => api<Record<string, unknown>>("/api/lock", { token, body });

/** A person whose diary is locked, with what their browser holds. */
async function lockedDiary(who?: Person): Promise<Diary> {
  return lockDiary(who ?? (await person(db)));
}

async function rowOf(id: string) {
  const [row] = await db.select().from(journals).where(eq(journals.id, id));
  return row!;
}

describe("turning the lock on", () => {
  it("answers 401 without a session before it reads a body", async () => {
    expectError(await api("/api/lock"), 401);
    expectError(await api("/api/lock", { method: "POST", rawBody: "{not json" }), 401);
    expectError(await api("/api/lock/wraps", { method: "PUT", rawBody: "{not json" }), 401);
  });

  it("takes the person, not a session alone: the password, then a confirmed address", async () => {
    const me = await person(db);
    const secret = newDiarySecret();
    const body = { verifier: await lockVerifier(secret), wraps: await wrapsFor(secret, me.user.id) };
    expectError(await turnOn(me.token, body), 400, PASSWORD_REQUIRED_MESSAGE);
    expectError(await turnOn(me.token, { ...body, password: "not the password" }), 400);
    const unproven = await person(db, { emailVerifiedAt: null });
    const theirs = { verifier: body.verifier, wraps: await wrapsFor(secret, unproven.user.id) };
    expectError(await turnOn(unproven.token, { ...theirs, password: DEFAULT_PASSWORD }), 403, UNVERIFIED_LOCK_MESSAGE);
    const none = await db.select().from(diaryLocks).where(eq(diaryLocks.userId, me.user.id));
    expect(none).toEqual([]);
  });

  it("keeps the wrappings it cannot open, once; another person sees only their own lock", async () => {
    const d = await lockedDiary();
    const mine = await api<{ locked: boolean; wraps: WrappedSecret[]; pages: unknown }>("/api/lock", {
      token: d.me.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.locked).toBe(true);
    expect(mine.body.wraps).toEqual(d.wraps);
    expect(mine.body.pages).toEqual({ sealed: 0, toSeal: 0 });
    expectError(
      await turnOn(d.me.token, { password: DEFAULT_PASSWORD, verifier: d.verifier, wraps: d.wraps }),
      409,
      LOCK_EXISTS_MESSAGE,
    );
    // The address hears of it at once, with the way to end every way in (docs/decisions/101).
    const notice = await waitForMail(testEnv.mailDir, d.me.user.email);
    expect(notice.headers.subject).toBe("Your Inkwell diary was locked");
    expect(notice.text).toMatch(/\/not-me\//);
    const other = await person(db);
    const theirs = await api<{ locked: boolean; wraps: unknown[] }>("/api/lock", { token: other.token });
    expect(theirs.body).toMatchObject({ locked: false, wraps: [] });
    // What the server keeps opens nothing: the verifier's hash, never the verifier or the secret.
    const [row] = await db.select().from(diaryLocks).where(eq(diaryLocks.userId, d.me.user.id));
    expect(JSON.stringify(row)).not.toContain(d.verifier);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(d.secret).toString("base64url"));
  });

  it("refuses wrappings of the wrong shape: two passphrases, no recovery key, a passkey not the person's, a bad verifier", async () => {
    const me = await person(db);
    const secret = newDiarySecret();
    const verifier = await lockVerifier(secret);
    const [phrase, recovery] = await wrapsFor(secret, me.user.id);
    const passkey = { ...recovery!, kind: "passkey", id: "c29tZW9uZS1lbHNlcw" };
    for (const wraps of [[phrase, phrase, recovery], [phrase], [phrase, recovery, passkey], []])
      expectError(await turnOn(me.token, { password: DEFAULT_PASSWORD, verifier, wraps }), 400, LOCK_WRAPS_MESSAGE);
    const weak = { ...phrase!, kdf: { ...phrase!.kdf!, memorySize: 1024 } };
    expectError(await turnOn(me.token, { password: DEFAULT_PASSWORD, verifier, wraps: [weak, recovery] }), 400);
    expectError(
      await turnOn(me.token, { password: DEFAULT_PASSWORD, verifier: "short", wraps: [phrase, recovery] }),
      400,
      LOCK_VERIFIER_MESSAGE,
    );
    expect((await api<{ locked: boolean }>("/api/lock", { token: me.token })).body.locked).toBe(false);
  });
});

describe("a locked page", () => {
  it("is stored sealed; a reader without the key sees the placeholder; a new device opens it with the passphrase", async () => {
    const d = await lockedDiary();
    const day = utcDay(-1);
    const res = await postJournal(
      d.me.token,
      await sealedFields(d, day, 1, "Pelican marker", "The zanzibar-lockword stays mine."),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: LOCKED_TITLE, content: LOCKED_CONTENT, locked: true });
    const row = await rowOf(res.body.id);
    expect(JSON.stringify(row)).not.toMatch(/zanzibar|Pelican/);
    // The whole database: no table holds the words (a row's text, its search vector, its tags).
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals j where j::text ilike '%zanzibar%' or j.search::text ilike '%zanzibar%'`,
    );
    expect(rows[0]!.n).toBe(0);

    // The original client reads the placeholder, not ciphertext.
    const asRead = await api<JournalBody>(`/api/journals/date/${day}`, { token: d.me.token });
    expect(asRead.body).toMatchObject({ title: LOCKED_TITLE, content: LOCKED_CONTENT, locked: true });

    // A new device: a new session, the passphrase, the wrapping the server kept.
    const token = await createSession(db, d.me.user.id);
    const lock = await api<{ wraps: WrappedSecret[] }>("/api/lock", { token });
    const phrase = lock.body.wraps.find((w) => w.kind === "passphrase")!;
    const secret = await unwrapWithPassphrase(phrase, PASSPHRASE, d.me.user.id);
    const page = await api<JournalBody & { sealed: { title: string; content: string; revision: number } }>(
      `/api/journals/date/${day}`,
      { token },
    );
    const place = (field: Field) => ({ owner: d.me.user.id, day, field, revision: page.body.sealed.revision });
    const key = await itemKey(secret);
    expect(await openText(key, place("content"), page.body.sealed.content)).toBe("The zanzibar-lockword stays mine.");
    expect(await openText(key, place("title"), page.body.sealed.title)).toBe("Pelican marker");
  });

  it("refuses a readable private write once the lock is on, and a sealed one without a lock", async () => {
    const d = await lockedDiary();
    expectError(
      await postJournal(d.me.token, { title: "Plain", content: "Readable words", journaldate: utcDay() }),
      409,
      DIARY_LOCKED_MESSAGE,
    );
    const shared = await postJournal(d.me.token, {
      title: "For my circle",
      content: "Shared pages stay readable",
      visibility: "close-circle",
      journaldate: utcDay(),
    });
    expect(shared.status).toBe(201);
    expect(shared.body.locked).toBe(false);
    // Making a shared page private while locked needs it sealed.
    expectError(
      await putJournal(d.me.token, shared.body.id, { title: "t", content: "c", visibility: "private" }),
      409,
      DIARY_LOCKED_MESSAGE,
    );
    const unlocked = await person(db);
    const other = { ...d, me: unlocked, key: await itemKey(newDiarySecret()) };
    expectError(
      await postJournal(unlocked.token, await sealedFields(other, utcDay(), 1, "t", "c")),
      409,
      NOT_LOCKED_MESSAGE,
    );
  });

  it("refuses a sealed write that would leave anything readable or half sealed", async () => {
    const d = await lockedDiary();
    const day = utcDay(-2);
    const fields = await sealedFields(d, day, 1, "t", "c");
    const cases: [Record<string, string | Blob | undefined>, string][] = [
      [{ ...fields, title: "Readable title" }, SEALED_WITH_TEXT_MESSAGE],
      [{ ...fields, content: "Readable words" }, SEALED_WITH_TEXT_MESSAGE],
      [{ ...fields, imageDescription: "A readable description" }, SEALED_WITH_TEXT_MESSAGE],
      [{ ...fields, visibility: "close-circle" }, SEALED_PRIVATE_MESSAGE],
      [{ ...fields, sealedRevision: undefined }, SEALED_INCOMPLETE_MESSAGE],
      [{ ...fields, sealedContent: undefined }, SEALED_INCOMPLETE_MESSAGE],
      [{ ...fields, sealedTitle: "plain words" }, SEALED_FIELD_MESSAGE],
      [{ ...fields, sealedContent: "ik2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, SEALED_FIELD_MESSAGE],
      [{ ...fields, image: imageBlob(await smallPng(), "image/png") }, SEALED_PHOTO_MESSAGE],
    ];
    for (const [body, message] of cases) expectError(await postJournal(d.me.token, body), 400, message);
    const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.authorId, d.me.user.id));
    expect(row).toBeUndefined();
  });

  it("cannot be overwritten by a client that does not know it is locked, nor by an older revision", async () => {
    const d = await lockedDiary();
    const day = utcDay(-3);
    const made = await postJournal(d.me.token, await sealedFields(d, day, 1, "Title", "Words"));
    const id = made.body.id;
    const before = await rowOf(id);
    // The original client saves what it shows, shared or private: refused, the page unchanged.
    for (const visibility of ["private", "close-circle"])
      expectError(
        await putJournal(d.me.token, id, { title: LOCKED_TITLE, content: LOCKED_CONTENT, visibility }),
        409,
        LOCKED_PAGE_MESSAGE,
      );
    const { journaldate: _day, ...second } = await sealedFields(d, day, 2, "Title", "More words");
    void _day;
    expect((await putJournal(d.me.token, id, second)).status).toBe(200);
    const { journaldate: _d1, ...replayed } = await sealedFields(d, day, 2, "Title", "Older words");
    void _d1;
    expectError(await putJournal(d.me.token, id, replayed), 409, SEALED_STALE_MESSAGE);
    expect((await rowOf(id)).sealed?.revision).toBe(2);
    expect((await rowOf(id)).updatedAt >= before.updatedAt).toBe(true);
    // Shared with the circle on purpose: readable again, naming the revision it replaces.
    const shared = await putJournal(d.me.token, id, {
      title: "Title",
      content: "More words",
      visibility: "close-circle",
      unseal: "2",
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.journal).toMatchObject({ title: "Title", locked: false, sealed: null });
  });

  it("is never found by the server's search; the timeline shows its placeholder; a Day One import is refused", async () => {
    const d = await lockedDiary();
    const made = await postJournal(d.me.token, await sealedFields(d, utcDay(-4), 1, "Locked", "open inkwell"));
    expect(made.status).toBe(201);
    for (const q of ["locked", "inkwell", "page"]) {
      const found = await api<{ hits: unknown[] }>(`/api/journals/search?q=${q}`, { token: d.me.token });
      expect(found.body.hits).toEqual([]);
    }
    const timeline = await api<{ journals: { excerpt: string; locked: boolean }[] }>("/api/journals", {
      token: d.me.token,
    });
    expect(timeline.body.journals[0]).toMatchObject({ locked: true, excerpt: LOCKED_CONTENT });
    const imported = await api("/api/import", {
      token: d.me.token,
      rawBody: new Uint8Array([0x50, 0x4b, 3, 4]),
      contentType: "application/zip",
    });
    expectError(imported, 409, IMPORT_LOCKED_MESSAGE);
  });
});

describe("changing the ways to unlock", () => {
  const replace = (token: string, body: unknown) =>
    api<{ wraps: WrappedSecret[] }>("/api/lock/wraps", { method: "PUT", token, body });

  it("takes the verifier: a stolen session alone cannot replace the wrappings", async () => {
    const d = await lockedDiary();
    const thief = newDiarySecret();
    const theirs = await wrapsFor(thief, d.me.user.id);
    expectError(
      await replace(d.me.token, { verifier: await lockVerifier(thief), wraps: theirs }),
      403,
      WRONG_VERIFIER_MESSAGE,
    );
    expect((await api<{ wraps: WrappedSecret[] }>("/api/lock", { token: d.me.token })).body.wraps).toEqual(d.wraps);
    const fresh = await wrapsFor(d.secret, d.me.user.id);
    const done = await replace(d.me.token, { verifier: d.verifier, wraps: fresh });
    expect(done.status).toBe(200);
    expect(done.body.wraps).toEqual(fresh);
    const unlocked = await person(db);
    expectError(await replace(unlocked.token, { verifier: d.verifier, wraps: fresh }), 404, NO_LOCK_MESSAGE);
  });

  it("drops a passkey's wrapping when the passkey is removed from the account", async () => {
    const d = await lockedDiary();
    const [key] = await db
      .insert(passkeys)
      .values({ userId: d.me.user.id, credentialId: "cHJmLXBhc3NrZXk", publicKey: "AA", name: "Laptop" })
      .returning();
    const wraps = [
      ...d.wraps,
      await wrapWithKeyMaterial(d.secret, newRecoveryKey(), d.me.user.id, "passkey", key!.credentialId),
    ];
    expect((await replace(d.me.token, { verifier: d.verifier, wraps })).status).toBe(200);
    const removed = await api(`/api/auth/passkeys/${key!.id}`, { method: "DELETE", token: d.me.token });
    expect(removed.status).toBe(200);
    const after = await api<{ wraps: WrappedSecret[] }>("/api/lock", { token: d.me.token });
    expect(after.body.wraps.map((w) => w.kind).sort()).toEqual(["passphrase", "recovery"]);
  });
});

describe("a locked page's photo", () => {
  type Sealed = JournalBody & {
    sealed: { image: string | null; revision: number; imageRevision: number | null } | null;
    locked: boolean;
  };
  const photoPlace = (d: Diary, day: string, revision: number) => ({
    owner: d.me.user.id,
    day,
    field: "photo" as const,
    revision,
  });
  const sealedBlob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: "application/octet-stream" });

  it("is kept as the browser sealed it, shown to no reader without the key, and opens for its place", async () => {
    const d = await lockedDiary();
    const day = utcDay(-5);
    const png = await smallPng("#123456");
    const sealedPhoto = await sealRaw(d.key, photoPlace(d, day, 1), png);
    const res = await postJournal(d.me.token, {
      ...(await sealedFields(d, day, 1, "With a photo", "Words")),
      sealedImage: sealedBlob(sealedPhoto),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as Sealed;
    expect(body.images).toEqual([]);
    expect(body.sealed!.image).toMatch(/^http/);
    const row = await rowOf(body.id);
    expect(row.imageKey).toMatch(/^entries\/.+\.sealed$/);
    const stored = fs.readFileSync(uploadPath(row.imageKey!));
    expect(Buffer.compare(stored, Buffer.from(sealedPhoto))).toBe(0);
    expect(stored.includes(png.subarray(0, 64))).toBe(false);
    const served = await fetch(new URL(imagePath(body.sealed!.image!), testEnv.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(Buffer.from(await openRaw(d.key, photoPlace(d, day, 1), bytes)).equals(png)).toBe(true);
    // Saved again without it, the page keeps its photo, sealed for the revision it came with.
    const { journaldate: _d, ...again } = await sealedFields(d, day, 2, "With a photo", "More words");
    void _d;
    const saved = await putJournal(d.me.token, body.id, again);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const kept = saved.body.journal as Sealed;
    expect(kept.sealed).toMatchObject({ revision: 2, imageRevision: 1 });
    expect((await rowOf(body.id)).imageKey).toBe(row.imageKey);
    // The PDF made on the server shows the placeholder and draws no sealed photo.
    const pdf = await api("/api/journals/export.pdf", { token: d.me.token });
    expect(pdf.status).toBe(200);
  });

  it("refuses a sealed photo without sealed fields, of a wrong version, too small or too large", async () => {
    const d = await lockedDiary();
    const day = utcDay(-6);
    const fields = await sealedFields(d, day, 1, "t", "c");
    const good = await sealRaw(d.key, photoPlace(d, day, 1), await smallPng());
    expectError(
      await postJournal(d.me.token, {
        title: "Shared",
        content: "Readable",
        visibility: "close-circle",
        journaldate: day,
        sealedImage: sealedBlob(good),
      }),
      400,
      SEALED_IMAGE_MESSAGE,
    );
    const wrongVersion = good.slice();
    wrongVersion[0] = 2;
    expectError(
      await postJournal(d.me.token, { ...fields, sealedImage: sealedBlob(wrongVersion) }),
      400,
      SEALED_IMAGE_MESSAGE,
    );
    expectError(
      await postJournal(d.me.token, { ...fields, sealedImage: sealedBlob(good.slice(0, 100)) }),
      400,
      SEALED_IMAGE_MESSAGE,
    );
    const huge = new Uint8Array(SEALED_IMAGE_MAX_BYTES + 1);
    huge[0] = 1;
    expectError(await postJournal(d.me.token, { ...fields, sealedImage: sealedBlob(huge) }), 413, SEALED_IMAGE_MESSAGE);
    const [row] = await db.select({ id: journals.id }).from(journals).where(eq(journals.authorId, d.me.user.id));
    expect(row).toBeUndefined();
  });

  it("a readable page's photo is sealed with its words, and the readable one is gone; made readable again, it needs its photo readable", async () => {
    const me = await person(db);
    const day = utcDay(-7);
    const png = await smallPng("#654321");
    const before = await postJournal(me.token, {
      title: "Before the lock",
      content: "Readable for now",
      journaldate: day,
      image: imageBlob(png, "image/png"),
    });
    expect(before.status).toBe(201);
    const readableKey = (await rowOf(before.body.id)).imageKey!;
    const d = await lockedDiary(me);
    expect((await api<{ pages: unknown }>("/api/lock", { token: me.token })).body.pages).toEqual({
      sealed: 0,
      toSeal: 1,
    });
    const { journaldate: _day, ...fields } = await sealedFields(d, day, 1, "Before the lock", "Readable for now");
    void _day;
    // Sealing the words but keeping the readable photo is refused.
    expectError(await putJournal(me.token, before.body.id, fields), 400, SEALED_PHOTO_MESSAGE);
    const sealedPhoto = await sealRaw(d.key, photoPlace(d, day, 1), png);
    const sealed = await putJournal(me.token, before.body.id, { ...fields, sealedImage: sealedBlob(sealedPhoto) });
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200);
    expect(fs.existsSync(uploadPath(readableKey))).toBe(false);
    expect((await api<{ pages: unknown }>("/api/lock", { token: me.token })).body.pages).toEqual({
      sealed: 1,
      toSeal: 0,
    });
    // Shared with the circle: its sealed photo cannot stay, friends could not open it.
    const share = { title: "Shared", content: "Now readable", visibility: "close-circle", unseal: "1" };
    expectError(await putJournal(me.token, before.body.id, share), 400, UNSEAL_PHOTO_MESSAGE);
    const shared = await putJournal(me.token, before.body.id, { ...share, image: imageBlob(png, "image/png") });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const journal = shared.body.journal as Sealed;
    expect(journal.locked).toBe(false);
    expect(journal.images).toHaveLength(1);
    expect((await rowOf(before.body.id)).imageKey).toMatch(/\.webp$/);
  });
});

describe("turning the lock off", () => {
  type State = { locked: boolean; turningOff: boolean; pages: { sealed: number; toSeal: number } };
  const turnOff = (token: string | undefined, body: unknown) =>
    api<State>("/api/lock/off", { method: "POST", token, body });

  it("begins with the person and the diary's verifier: not a session alone, not another person, not without a token", async () => {
    expectError(await api("/api/lock/off", { method: "POST", rawBody: "{not json" }), 401);
    const d = await lockedDiary();
    expectError(await turnOff(d.me.token, {}), 400, LOCK_VERIFIER_MESSAGE);
    expectError(await turnOff(d.me.token, { verifier: d.verifier }), 400, PASSWORD_REQUIRED_MESSAGE);
    expectError(await turnOff(d.me.token, { verifier: d.verifier, password: "not the password" }), 400);
    const thief = await lockVerifier(newDiarySecret());
    expectError(
      await turnOff(d.me.token, { verifier: thief, password: DEFAULT_PASSWORD }),
      403,
      WRONG_VERIFIER_MESSAGE,
    );
    const other = await person(db);
    expectError(await turnOff(other.token, { verifier: d.verifier, password: DEFAULT_PASSWORD }), 404, NO_LOCK_MESSAGE);
    expect((await api<State>("/api/lock", { token: d.me.token })).body).toMatchObject({
      locked: true,
      turningOff: false,
    });
    const [row] = await db.select().from(diaryLocks).where(eq(diaryLocks.userId, d.me.user.id));
    expect(row?.turningOffAt).toBeNull();

    const begun = await turnOff(d.me.token, { verifier: d.verifier, password: DEFAULT_PASSWORD });
    expect(begun.status, JSON.stringify(begun.body)).toBe(200);
    // No page was sealed: nothing to open, so the lock is gone at once.
    expect(begun.body).toMatchObject({ locked: false, turningOff: false, pages: { sealed: 0, toSeal: 0 } });
    const [locked, off] = await waitForMails(testEnv.mailDir, d.me.user.email, 2);
    expect(locked?.headers.subject).toBe("Your Inkwell diary was locked");
    expect(off?.headers.subject).toBe("Your Inkwell diary lock is being turned off");
    expect(off?.text).toMatch(/\/not-me\//);
    expectError(await turnOff(d.me.token, {}), 404, NO_LOCK_MESSAGE);
  });

  it("while it is turned off pages only become readable, and the lock goes once none is sealed", async () => {
    const d = await lockedDiary();
    const png = await smallPng("#2468ac");
    const [first, second] = [utcDay(-8), utcDay(-9)];
    const one = await postJournal(d.me.token, await sealedFields(d, first, 1, "First", "First words"));
    const place = { owner: d.me.user.id, day: second, field: "photo" as const, revision: 1 };
    const two = await postJournal(d.me.token, {
      ...(await sealedFields(d, second, 1, "Second", "Second words")),
      sealedImage: new Blob([(await sealRaw(d.key, place, png)) as BlobPart], { type: "application/octet-stream" }),
    });
    expect([one.status, two.status]).toEqual([201, 201]);

    const begun = await turnOff(d.me.token, { verifier: d.verifier, password: DEFAULT_PASSWORD });
    expect(begun.body).toMatchObject({ locked: true, turningOff: true, pages: { sealed: 2, toSeal: 0 } });
    // Asked again, nothing more is needed, and nothing changes while pages are sealed.
    expect((await turnOff(d.me.token, {})).body).toMatchObject({ locked: true, turningOff: true });
    // No page is sealed any more; a private page may be written readable; a locked one is still
    // safe from a client that does not know it is locked.
    expectError(
      await postJournal(d.me.token, await sealedFields(d, utcDay(-10), 1, "New", "Sealed")),
      409,
      LOCK_TURNING_OFF_MESSAGE,
    );
    expect(
      (await postJournal(d.me.token, { title: "Plain", content: "Readable", journaldate: utcDay(-10) })).status,
    ).toBe(201);
    expectError(
      await putJournal(d.me.token, one.body.id, { title: LOCKED_TITLE, content: LOCKED_CONTENT }),
      409,
      LOCKED_PAGE_MESSAGE,
    );

    const opened = await putJournal(d.me.token, one.body.id, { title: "First", content: "First words", unseal: "1" });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.journal).toMatchObject({ title: "First", visibility: "private", locked: false, sealed: null });
    expect((await turnOff(d.me.token, {})).body).toMatchObject({ locked: true, pages: { sealed: 1 } });
    const withPhoto = { title: "Second", content: "Second words", unseal: "1" };
    expectError(await putJournal(d.me.token, two.body.id, withPhoto), 400, UNSEAL_PHOTO_MESSAGE);
    const photo = await putJournal(d.me.token, two.body.id, { ...withPhoto, image: imageBlob(png, "image/png") });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect((await rowOf(two.body.id)).imageKey).toMatch(/\.webp$/);

    const done = await turnOff(d.me.token, {});
    expect(done.body).toMatchObject({ locked: false, turningOff: false, wraps: [] });
    expect(await db.select().from(diaryLocks).where(eq(diaryLocks.userId, d.me.user.id))).toEqual([]);
    const found = await api<{ hits: { title: string }[] }>("/api/journals/search?q=second", { token: d.me.token });
    expect(found.body.hits.map((h) => h.title)).toContain("Second");
    // Off: sealing is refused again, a readable private write taken.
    expectError(
      await postJournal(d.me.token, await sealedFields(d, utcDay(-11), 1, "New", "Sealed")),
      409,
      NOT_LOCKED_MESSAGE,
    );
  });

  it("opens a long imported page again at its length: the server cannot count its sealed words", async () => {
    const me = await person(db);
    const day = utcDay(-12);
    const long = `${"Forty years of letters, one after another. ".repeat(60)}The end.`;
    const imported = await createJournal(db, me.user.id, {
      title: "From Day One",
      content: long,
      journalDate: day,
      importedAt: new Date(),
    });
    const d = await lockedDiary(me);
    const { journaldate: _day, ...sealed } = await sealedFields(d, day, 1, "From Day One", long);
    void _day;
    expect((await putJournal(me.token, imported.id, sealed)).status).toBe(200);
    expect(await turnOff(me.token, { verifier: d.verifier, password: DEFAULT_PASSWORD })).toMatchObject({
      status: 200,
    });
    const opened = await putJournal(me.token, imported.id, { title: "From Day One", content: long, unseal: "1" });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await rowOf(imported.id)).content).toBe(long);
    expect((await turnOff(me.token, {})).body).toMatchObject({ locked: false });
  });

  it("opens a page a browser imported at its length: marked imported only with sealed fields (docs/decisions/121)", async () => {
    const d = await lockedDiary();
    const [made, merged] = [utcDay(-13), utcDay(-14)];
    // Sealed, longer than a form's usual text field (64 KiB): the field takes an imported page's sealed size.
    const long = `${"A long day of Day One, kept whole. ".repeat(2_900)}The end.`;
    // Readable, imported is refused, and nothing is made: only a sealed page's words go uncounted.
    expectError(
      await postJournal(d.me.token, { title: "t", content: "c", journaldate: made, imported: "true" }),
      400,
      SEALED_IMPORTED_MESSAGE,
    );
    expectError(
      await postJournal(d.me.token, { ...(await sealedFields(d, made, 1, "t", long)), imported: "yes" }),
      400,
    );
    const { sealedContent: _content, ...tooLong } = await sealedFields(d, made, 1, "t", "c");
    void _content;
    expect(
      (await postJournal(d.me.token, { ...tooLong, sealedContent: `ik1.${"A".repeat(SEALED_CONTENT_MAX)}` })).status,
    ).toBe(413);
    expect(await db.select().from(journals).where(eq(journals.authorId, d.me.user.id))).toEqual([]);

    const one = await postJournal(d.me.token, {
      ...(await sealedFields(d, made, 1, "Imported", long)),
      imported: "true",
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect((await rowOf(one.body.id)).importedAt).not.toBeNull();
    // A page written here, then the day's imported text added below it (PUT), marked then and kept so.
    const two = await postJournal(d.me.token, await sealedFields(d, merged, 1, "Mine", "Mine"));
    expect((await rowOf(two.body.id)).importedAt).toBeNull();
    const { journaldate: _day, ...mergedFields } = await sealedFields(d, merged, 2, "Mine", `Mine\n\n${long}`);
    void _day;
    expect((await putJournal(d.me.token, two.body.id, { ...mergedFields, imported: "true" })).status).toBe(200);
    const marked = (await rowOf(two.body.id)).importedAt;
    expect(marked).not.toBeNull();
    const { journaldate: _again, ...edited } = await sealedFields(d, merged, 3, "Mine", `Mine\n\n${long}`);
    void _again;
    expect((await putJournal(d.me.token, two.body.id, { ...edited, imported: "true" })).status).toBe(200);
    expect((await rowOf(two.body.id)).importedAt).toEqual(marked);
    expectError(
      await putJournal(d.me.token, two.body.id, { title: "t", content: "c", imported: "true" }),
      400,
      SEALED_IMPORTED_MESSAGE,
    );

    // The lock turned off: both are written back readable at their length.
    expect((await turnOff(d.me.token, { verifier: d.verifier, password: DEFAULT_PASSWORD })).status).toBe(200);
    for (const [id, content, revision] of [
      [one.body.id, long, "1"],
      [two.body.id, `Mine\n\n${long}`, "3"],
    ] as const) {
      const opened = await putJournal(d.me.token, id, { title: "Opened", content, unseal: revision });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect((await rowOf(id)).content).toBe(content);
    }
  });
});
