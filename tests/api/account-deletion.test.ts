import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  connect,
  createFriendRequest,
  createJournal,
  createSession,
  createUser,
  DEFAULT_PASSWORD,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { S3RVER_CREDENTIALS } from "../../scripts/test/s3rver";
import { journals, photoUploads, sessions, users } from "../../lib/db/schema";
import { CHANGE_PASSWORD_MAX_TRIES, WRONG_PASSWORD_MESSAGE } from "../../lib/auth/password-change-limits";
import { TWO_FACTOR_WRONG_CODE_MESSAGE } from "../../lib/validation/two-factor-limits";
import { createS3Storage } from "../../lib/storage";
import { deleteDueAccounts } from "../../lib/users/account-deletion";
import {
  DELETION_ALREADY_SCHEDULED_MESSAGE,
  DELETION_CANCELLED_MESSAGE,
  DELETION_SCHEDULED_MESSAGE,
  FRESH_SIGN_IN_MINUTES,
  NO_DELETION_SCHEDULED_MESSAGE,
  NO_PASSWORD_TO_DELETE_MESSAGE,
} from "../../lib/users/account-deletion-limits";
import { login } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person } from "../support/friends";
import { api, type ApiResult } from "../support/http";
import { entryFields, imageBlob, phonePhoto, postJournal, putJournal, send, toForm } from "../support/journals";
import { waitForMail } from "../support/mailbox";
import { keyOfUrl, uploadPicture, widePhoto } from "../support/profile-images";
import { errorBody, fieldIssue } from "../support/refusals";
import { codeFor, forgetLastCode, turnOnTwoFactor, wrongCode } from "../support/two-factor";
import { testBucket } from "../support/test-bucket";

// Leaving cleanly (docs/decisions/075): DELETE /api/myprofile schedules the deletion and signs
// out everywhere; signing in during the grace offers to cancel; after it, housekeeping deletes
// every row of the person and their files. The S3 instance runs with no grace at all.

const DAY_MS = 24 * 60 * 60 * 1000;
let db: FactoryDb;
let close: () => Promise<void>;
let bucket: ReturnType<typeof testBucket>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
  bucket = testBucket();
});
afterAll(async () => {
  expectLogClean();
  bucket.destroy();
  await close();
});

type Scheduled = { message: string; deletionDueAt: string };
const leave = (token: string | undefined, body: unknown, base?: string) =>
  api<Scheduled>("/api/myprofile", { method: "DELETE", token, body, base, headers: asNewClient() });
const cancel = (token: string) => api<{ message: string }>("/api/myprofile/cancel-deletion", { method: "POST", token });
const dueAt = async (id: string) =>
  (await db.select({ at: users.deletionDueAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
const me = (token: string) => api("/api/auth/me", { token });

function expectRefusedField(res: ApiResult<unknown>, status: number, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(errorBody(status, message, { errors: [fieldIssue(field, message)] }));
}

describe("asking to delete the account", () => {
  it("answers 401 without a session, whatever the body", async () => {
    expectError(await leave(undefined, { password: DEFAULT_PASSWORD }), 401);
    expectError(await api("/api/myprofile", { method: "DELETE", rawBody: "{not json", headers: asNewClient() }), 401);
    expectError(await api("/api/myprofile/cancel-deletion", { method: "POST" }), 401);
  });

  it("refuses a missing or wrong password beside its field, and changes nothing", async () => {
    const who = await person(db);
    expectRefusedField(await leave(who.token, {}), 400, "password", "Password is required");
    expectRefusedField(
      await leave(who.token, { password: "not my password" }),
      400,
      "password",
      WRONG_PASSWORD_MESSAGE,
    );
    expect(await dueAt(who.user.id)).toBeNull();
    expect((await me(who.token)).status).toBe(200);
  });

  it("counts password tries with the password change's: past the limit even the right one is a 429", async () => {
    const who = await person(db);
    for (let i = 0; i < CHANGE_PASSWORD_MAX_TRIES; i += 1)
      expect((await leave(who.token, { password: `wrong ${i}` })).status).toBe(400);
    expectError(await leave(who.token, { password: DEFAULT_PASSWORD }), 429);
    expect(await dueAt(who.user.id)).toBeNull();
  });

  it("schedules it a grace away, signs out everywhere and mails when and how to cancel; signing in again offers to cancel", async () => {
    const who = await person(db);
    const elsewhere = await createSession(db, who.user.id);
    const before = Date.now();
    const res = await leave(who.token, { password: DEFAULT_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(DELETION_SCHEDULED_MESSAGE);
    const due = new Date(res.body.deletionDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
    expect(res.headers.get("set-cookie")).toMatch(/^session=;/);
    expect((await dueAt(who.user.id))?.getTime()).toBe(due);
    // Every session ended, this one too.
    expectError(await me(who.token), 401);
    expectError(await me(elsewhere), 401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toEqual([]);

    const mail = await waitForMail(testEnv.mailDir, who.user.email);
    expect(mail.headers.subject).toBe("Your Inkwell account will be deleted");
    expect(mail.text).toContain(`@${who.user.username} will be deleted on `);
    expect(mail.text).toContain(`${testEnv.baseUrl}/login`);
    expect(mail.text).toContain(`${testEnv.baseUrl}/me/data`);

    // The account still signs in during the grace, and may cancel once.
    const again = await login(who.user.username, DEFAULT_PASSWORD, { headers: asNewClient() });
    expect(again.status).toBe(200);
    expectError(await leave(again.body.token, { password: DEFAULT_PASSWORD }), 409, DELETION_ALREADY_SCHEDULED_MESSAGE);
    const kept = await cancel(again.body.token);
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ message: DELETION_CANCELLED_MESSAGE });
    expect(await dueAt(who.user.id)).toBeNull();
    expectError(await cancel(again.body.token), 409, NO_DELETION_SCHEDULED_MESSAGE);
  });

  it("asks an account with two-factor sign-in on for a code too, beside its field: the app's or a recovery code", async () => {
    const who = await person(db);
    const { secret, recoveryCodes } = await turnOnTwoFactor(who.token);
    expectRefusedField(await leave(who.token, { password: DEFAULT_PASSWORD }), 400, "code", "Code is required");
    expectRefusedField(
      await leave(who.token, { password: DEFAULT_PASSWORD, code: wrongCode(secret) }),
      400,
      "code",
      TWO_FACTOR_WRONG_CODE_MESSAGE,
    );
    // The password is checked first: a right code does not make up for a wrong one.
    await forgetLastCode(db, who.user.id);
    expectRefusedField(
      await leave(who.token, { password: "not my password", code: codeFor(secret) }),
      400,
      "password",
      WRONG_PASSWORD_MESSAGE,
    );
    expect(await dueAt(who.user.id)).toBeNull();
    const res = await leave(who.token, { password: DEFAULT_PASSWORD, code: recoveryCodes[0] });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await dueAt(who.user.id)).not.toBeNull();
  });

  it(`lets a Google-only account leave from a Google sign-in of the last ${FRESH_SIGN_IN_MINUTES} minutes only`, async () => {
    const { user: fresh } = await createUser(db, { password: null });
    const freshToken = await createSession(db, fresh.id);
    const { user: stale } = await createUser(db, { password: null });
    const staleToken = await createSession(db, stale.id);
    await db.execute(
      sql`update sessions set created_at = now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES + 1}) where user_id = ${stale.id}::uuid`,
    );

    expectError(await leave(staleToken, {}), 403, NO_PASSWORD_TO_DELETE_MESSAGE);
    expect(await dueAt(stale.id)).toBeNull();
    const res = await leave(freshToken, { password: "ignored: there is none" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await dueAt(fresh.id)).not.toBeNull();
  });

  it("is carried out by housekeeping only once its time has come, and never after a cancel", async () => {
    const storage = s3Storage();
    const waiting = await person(db);
    const cancelled = await person(db);
    expect((await leave(waiting.token, { password: DEFAULT_PASSWORD })).status).toBe(202);
    expect((await leave(cancelled.token, { password: DEFAULT_PASSWORD })).status).toBe(202);
    await cancel(await createSession(db, cancelled.user.id));

    await deleteDueAccounts({ db, storage, now: new Date(Date.now() + 6 * DAY_MS) });
    expect(await dueAt(waiting.user.id)).not.toBeNull();
    await deleteDueAccounts({ db, storage, now: new Date(Date.now() + 8 * DAY_MS) });
    expect(await db.select().from(users).where(eq(users.id, waiting.user.id))).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, cancelled.user.id))).toHaveLength(1);
  });
});

function s3Storage() {
  return createS3Storage({
    bucket: testEnv.s3Bucket,
    endpoint: testEnv.s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
}

/** Every row of the public schema whose uuid columns name `id`, by table and column. */
async function rowsNaming(id: string): Promise<string[]> {
  const { rows: columns } = await db.execute<{ table: string; column: string }>(sql`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and data_type = 'uuid'`);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}::uuid`,
    );
    if (rows[0]!.n) found.push(`${table}.${column}`);
  }
  return found;
}

describe("the deletion itself (no grace on the S3 instance)", () => {
  it("leaves no row of the person and none of their files; hearts they gave come off the counts; friends' inboxes lose them", async () => {
    const base = testEnv.s3Url;
    const leaver = await person(db);
    const friend = await person(db);
    const stranger = await person(db);
    await befriend(db, leaver.user.id, friend.user.id);
    await createFriendRequest(db, leaver.user.id, stranger.user.id);

    // Their entry with a photo, their picture, a heart and a private reply on the friend's entry, a report.
    const entry = await postJournal(
      leaver.token,
      entryFields({ visibility: "close-circle", image: imageBlob(await phonePhoto(2000, 1500)) }),
      base,
    );
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const photoKey = (
      await db.select({ key: journals.imageKey }).from(journals).where(eq(journals.id, entry.body.id))
    )[0]!.key!;
    // Larger than shown, so its full-size copy is kept too (docs/decisions/129).
    const fullKey = photoKey.replace(/\.webp$/, "-full.jpg");
    // A second photo on the page, and one uploaded and still waiting for a save (docs/decisions/133).
    const uploaded: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const up = await send<{ id: string }>("/api/upload/entry-photo", {
        method: "POST",
        token: leaver.token,
        base,
        form: toForm({ image: imageBlob(await phonePhoto(640, 480)) }),
      });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      uploaded.push(up.body.id);
    }
    const [secondId, waitingId] = uploaded;
    const kept = (entry.body as unknown as { photos: { id: string }[] }).photos[0]!.id;
    const withTwo = await putJournal(
      leaver.token,
      entry.body.id,
      entryFields({ visibility: "close-circle", photos: JSON.stringify([{ photo: kept }, { upload: secondId }]) }),
      base,
    );
    expect(withTwo.status, JSON.stringify(withTwo.body)).toBe(200);
    const secondKey = (
      await db.select({ more: journals.morePhotos }).from(journals).where(eq(journals.id, entry.body.id))
    )[0]!.more[0]!.key;
    const waitingKey = (
      await db.select({ key: photoUploads.key }).from(photoUploads).where(eq(photoUploads.id, waitingId!))
    )[0]!.key;
    expect(await bucket.objectExists(secondKey)).toBe(true);
    expect(await bucket.objectExists(waitingKey)).toBe(true);
    const picture = await uploadPicture(leaver.token, await widePhoto(), base);
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    expect(
      (
        await api("/api/myprofile", {
          method: "PUT",
          token: leaver.token,
          body: { profileImage: picture.body.imageUrl },
          base,
        })
      ).status,
    ).toBe(200);
    const pictureKey = keyOfUrl(picture.body.imageUrl);
    const friendsEntry = await createJournal(db, friend.user.id, { visibility: "close-circle" });
    expect(
      (await api(`/api/journal/${friendsEntry.id}/like`, { method: "POST", token: leaver.token, base })).status,
    ).toBe(200);
    expect(
      (
        await api(`/api/journals/${friendsEntry.id}/replies`, {
          token: leaver.token,
          body: { text: "So good to read" },
          base,
        })
      ).status,
    ).toBe(201);
    expect(
      (await api("/api/reports", { token: leaver.token, body: { userId: friend.user.id, reason: "other" }, base }))
        .status,
    ).toBe(201);
    expect(
      (await api(`/api/journal/${entry.body.id}/like`, { method: "POST", token: friend.token, base })).status,
    ).toBe(200);
    const likesBefore = (
      await db.select({ n: journals.likesCount }).from(journals).where(eq(journals.id, friendsEntry.id))
    )[0]!.n;
    expect(await bucket.objectExists(photoKey)).toBe(true);
    expect(await bucket.objectExists(fullKey)).toBe(true);
    expect(await bucket.objectExists(pictureKey)).toBe(true);
    // An export's ZIP, as the export job leaves it in the person's folder (docs/decisions/074).
    const exportKey = `exports/${leaver.user.id}/${randomUUID()}.zip`;
    await s3Storage().putObject({ key: exportKey, data: Buffer.from("PK"), contentType: "application/zip" });

    // An import's ZIP not yet read or purged (docs/decisions/078).
    const importZip = `imports/${leaver.user.id}/${randomUUID()}.zip`;
    await s3Storage().putObject({ key: importZip, data: Buffer.from("PK"), contentType: "application/zip" });
    expect(await bucket.objectExists(importZip)).toBe(true);

    const res = await leave(leaver.token, { password: DEFAULT_PASSWORD }, base);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(new Date(res.body.deletionDueAt).getTime()).toBeLessThanOrEqual(Date.now());
    // The instance's own housekeeping may be running too: whichever pass gets the row deletes it.
    const storage = s3Storage();
    for (let pass = 0; pass < 20 && (await dueAt(leaver.user.id)); pass += 1) await deleteDueAccounts({ db, storage });

    expect(await rowsNaming(leaver.user.id)).toEqual([]);
    expect(await bucket.objectExists(photoKey)).toBe(false);
    expect(await bucket.objectExists(fullKey)).toBe(false);
    expect(await bucket.objectExists(secondKey)).toBe(false);
    expect(await bucket.objectExists(waitingKey)).toBe(false);
    expect(await bucket.objectExists(pictureKey)).toBe(false);
    expect(await bucket.objectExists(exportKey)).toBe(false);
    expect(await bucket.objectExists(importZip)).toBe(false);
    expect(
      (await db.select({ n: journals.likesCount }).from(journals).where(eq(journals.id, friendsEntry.id)))[0]!.n,
    ).toBe(likesBefore - 1);
    const inbox = await api<{ data: { actor?: { id: string } | null; actors?: { id: string }[] }[] }>(
      "/api/notifications",
      { token: friend.token },
    );
    expect(JSON.stringify(inbox.body)).not.toContain(leaver.user.id);
    const feed = await api("/api/journal/close-circle", { token: friend.token });
    expect(JSON.stringify(feed.body)).not.toContain(entry.body.id);
    expect((await api(`/api/users/${leaver.user.id}`, { token: friend.token })).status).toBe(404);
  });
});
