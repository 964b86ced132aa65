import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  befriend,
  connect,
  createJournal,
  createSession,
  createUser,
  pictured,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn, utcDay } from "../support/journals";
import { signedPicture } from "../support/profile-images";
import { journalReads, journals, likes, users } from "../../lib/db/schema";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

// Hearts and reads as the app records them (docs/api.md): a row, and the entry's counter in the same transaction.
async function heart(journalId: string, userId: string) {
  await db.transaction(async (tx) => {
    await tx.insert(likes).values({ journalId, userId });
    await tx
      .update(journals)
      .set({ likesCount: sql`${journals.likesCount} + 1` })
      .where(sql`${journals.id} = ${journalId}`);
  });
}

/** A read as a feed page records it: a row, counted on top of `reads_count` until housekeeping folds it (lib/journals/reads.ts). */
async function read(journalId: string, viewerId: string, day: string) {
  await db.insert(journalReads).values({ journalId, viewerId, day });
}

type Profile = { success: boolean; user: Record<string, unknown> };

describe("GET /api/users/{userId}", () => {
  it("answers the public profile with its totals, and nothing secret", async () => {
    const { user: viewer, token } = await signedIn(db);
    const { user } = await createUser(db, {
      ...pictured(),
      name: "Ada Writer",
      bio: "Notes on rivers",
      location: "Lyon",
    });
    const picture = signedPicture({ ownerId: user.id, viewerId: viewer.id, key: user.profileImageKey! });
    const [r1, r2, r3] = [
      (await createUser(db, { password: null })).user,
      (await createUser(db, { password: null })).user,
      (await createUser(db, { password: null })).user,
    ];
    const shared = await createJournal(db, user.id, { journalDate: "2025-01-01", visibility: "close-circle" });
    const other = await createJournal(db, user.id, { journalDate: "2025-01-02", visibility: "close-circle" });
    // Left out of every total (docs/decisions/042): a private entry is nobody else's business.
    const privateOne = await createJournal(db, user.id, { journalDate: "2025-01-03" });
    // Left out of every total (docs/decisions/025): a heart here must not point at its writer.
    const anonymous = await createJournal(db, user.id, {
      journalDate: "2025-01-04",
      visibility: "close-circle",
      isAnonymous: true,
    });
    for (const r of [r1!, r2!]) await heart(shared.id, r.id);
    await heart(other.id, r3!.id);
    await heart(anonymous.id, r1!.id);
    await read(shared.id, r1!.id, "2025-01-01");
    await read(shared.id, r1!.id, "2025-01-02");
    await read(other.id, r2!.id, "2025-01-02");
    await read(anonymous.id, r2!.id, "2025-01-04");
    // Hearts and reads it had while it was shared stay with it when it turns private: they count no more.
    await heart(privateOne.id, r2!.id);
    await read(privateOne.id, r3!.id, "2025-01-03");
    // Someone else's entry counts for them only.
    await createJournal(db, r1!.id, { likesCount: 40, readsCount: 50 });

    const res = await api<Profile>(`/api/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: {
        _id: user.id,
        id: user.id,
        name: "Ada Writer",
        fullName: "Ada Writer",
        username: user.username,
        bio: "Notes on rivers",
        location: "Lyon",
        profileImage: picture,
        avatar: picture,
        profilePicture: picture,
        createdAt: user.createdAt.toISOString(),
        journalCount: 2,
        totalLikes: 3,
        totalReads: 3,
        // Both entries are for days before the account was made: its diary starts with the first (docs/decisions/099).
        daysWritten: 2,
        consistency: expect.any(Number),
        activeWriter: false,
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/email|password|hash|token|@gmail/i);
  });

  it("answers zeros and null photos for someone who has written nothing, to anyone signed in, the person too", async () => {
    const { user, token } = await signedIn(db);
    const { token: otherToken } = await signedIn(db);
    for (const t of [token, otherToken]) {
      const res = await api<Profile>(`/api/users/${user.id}`, { token: t });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        journalCount: 0,
        totalLikes: 0,
        totalReads: 0,
        daysWritten: 0,
        consistency: null,
        activeWriter: false,
        profileImage: null,
        avatar: null,
        profilePicture: null,
      });
    }
  });

  describe("Consistency and the Active Writer badge (docs/decisions/099)", () => {
    const DAY = 24 * 60 * 60 * 1000;
    const numbers = async (userId: string, token: string) => {
      const { journalCount, daysWritten, consistency, activeWriter } = (
        await api<Profile>(`/api/users/${userId}`, { token })
      ).body.user;
      return { journalCount, daysWritten, consistency, activeWriter };
    };

    it("says nothing yet over fewer than 7 days: one page on the first day is not 100 % nor an Active Writer", async () => {
      const { user, token } = await signedIn(db);
      await createJournal(db, user.id, { journalDate: utcDay(0), visibility: "close-circle" });
      expect(await numbers(user.id, token)).toEqual({
        journalCount: 1,
        daysWritten: 1,
        consistency: null,
        activeWriter: false,
      });
    });

    it("counts from the first page when a diary was filled in on joining: 7 days written, one shared, is 1 in 7 to the writer and to a friend alike", async () => {
      const { user, token } = await signedIn(db);
      const { user: friend } = await createUser(db);
      await befriend(db, user.id, friend.id);
      // A week filled in today; only the earliest day is shared with the close circle, under the writer's name.
      for (let i = 0; i < 7; i++)
        await createJournal(db, user.id, { journalDate: utcDay(-i), visibility: i === 6 ? "close-circle" : "private" });
      const seen = { journalCount: 1, daysWritten: 1, consistency: 14.29, activeWriter: false };
      expect(await numbers(user.id, await createSession(db, friend.id))).toEqual(seen);
      // The writer's own view of the page is what others see; their own totals are on /api/myprofile.
      expect(await numbers(user.id, token)).toEqual(seen);
      expect((await api<{ journalCount: number }>("/api/myprofile", { token })).body.journalCount).toBe(7);
    });

    it("earns the badge with a page on half the days of at least a week, and loses it below", async () => {
      const { user, token } = await signedIn(db);
      await db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 9.5 * DAY) })
        .where(eq(users.id, user.id));
      const pages = [];
      for (let i = 0; i < 5; i++)
        pages.push(await createJournal(db, user.id, { journalDate: utcDay(-i), visibility: "close-circle" }));
      // Five days of the ten begun since joining.
      expect(await numbers(user.id, token)).toEqual({
        journalCount: 5,
        daysWritten: 5,
        consistency: 50,
        activeWriter: true,
      });
      await db.update(journals).set({ visibility: "private" }).where(eq(journals.id, pages[0]!.id));
      expect(await numbers(user.id, token)).toEqual({
        journalCount: 4,
        daysWritten: 4,
        consistency: 40,
        activeWriter: false,
      });
    });
  });

  it.each(["00000000-0000-0000-0000-000000000000", "not-a-uuid", "1", "%25", "00000000-0000-0000-0000-00000000000g"])(
    "answers 404 User not found for %s",
    async (id) => {
      const { token } = await signedIn(db);
      expectError(await api(`/api/users/${id}`, { token }), 404, "User not found");
    },
  );

  it("answers 401 without a token", async () => {
    const { user } = await signedIn(db);
    expectError(await api(`/api/users/${user.id}`), 401);
  });
});
