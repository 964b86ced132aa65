import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateGoogleUser, usernameFromName } from "../../lib/auth/google-user";
import { hashToken } from "../../lib/auth/tokens";
import { emailVerifications, friendRequests, friendships, sessions, trustedDevices, users } from "../../lib/db/schema";
import { USERNAME_PATTERN } from "../../lib/validation/auth-limits";
import { isPlainLine } from "../../lib/validation/fields";
import {
  befriend,
  connect,
  createFriendRequest,
  createSession,
  createUser,
  unique,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { testEnv } from "../support/env";

describe("usernameFromName", () => {
  it.each([
    ["Ada Lovelace", "ada_lovelace"],
    ["Zoë O'Neil", "zoe_oneil"],
    ["  J.R.R.  Tolkien ", "j.r.r._tolkien"],
    ["李小龍", "bruce"],
    ["Al", "al_writer"],
    ["A very long name that goes on and on and on", "a_very_long_name_that_goe"],
  ])("turns %j into %j", (name, expected) => {
    const username = usernameFromName(name, "bruce");
    expect(username).toBe(expected);
    expect(username).toMatch(USERNAME_PATTERN);
    // Room for the 4-digit suffix that makes it unique.
    expect(username.length).toBeLessThanOrEqual(25);
  });
});

describe("findOrCreateGoogleUser", () => {
  let db: FactoryDb;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = connect(testEnv.databaseUrl));
  });
  afterAll(() => close());

  const identityFor = (email: string) => ({
    sub: unique("sub-"),
    email: email.toUpperCase(),
    emailVerified: true,
    name: "The Owner",
  });
  const sessionCount = async (userId: string) =>
    (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("takes over an account whose email is unverified: no password, no sessions, verified, linked", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null, name: "Squatter" });
    await createSession(db, user.id);
    await createSession(db, user.id);
    await db.insert(emailVerifications).values({
      tokenHash: hashToken(unique("link-")),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db.insert(trustedDevices).values({ tokenHash: hashToken(unique("device-")), userId: user.id });
    const identity = identityFor(user.email);

    const result = await findOrCreateGoogleUser({ db, identity });
    expect(result.id).toBe(user.id);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ googleSub: identity.sub, passwordHash: null, email: user.email });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await sessionCount(user.id)).toBe(0);
    const links = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(links.map((l) => l.usedAt)).toEqual([expect.any(Date)]);
    expect(await db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id))).toEqual([]);
    expect(row!.name).toBe("The Owner");
  });

  it("drops every friendship and friend request the unverified account had, in both directions", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    const [friend, asked, asker, rejecter] = await Promise.all(
      [1, 2, 3, 4].map(async () => (await createUser(db)).user),
    );
    await befriend(db, user.id, friend!.id);
    await createFriendRequest(db, user.id, asked!.id);
    await createFriendRequest(db, asker!.id, user.id);
    await createFriendRequest(db, user.id, rejecter!.id, { status: "rejected", respondedAt: new Date() });
    // Others' ties are not touched.
    await befriend(db, friend!.id, asked!.id);

    await findOrCreateGoogleUser({ db, identity: identityFor(user.email) });
    expect(
      await db
        .select()
        .from(friendships)
        .where(or(eq(friendships.userId, user.id), eq(friendships.friendId, user.id))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.fromId, user.id), eq(friendRequests.toId, user.id))),
    ).toEqual([]);
    expect(await db.select().from(friendships).where(eq(friendships.userId, friend!.id))).toHaveLength(1);
  });

  it("leaves a verified account's friendships alone when linking it", async () => {
    const { user } = await createUser(db);
    const { user: friend } = await createUser(db);
    await befriend(db, user.id, friend.id);
    await findOrCreateGoogleUser({ db, identity: identityFor(user.email) });
    expect(await db.select().from(friendships).where(eq(friendships.userId, user.id))).toHaveLength(1);
  });

  it("links a verified account as before, keeping its password and sessions", async () => {
    const { user } = await createUser(db);
    await createSession(db, user.id);
    const identity = identityFor(user.email);

    expect((await findOrCreateGoogleUser({ db, identity })).id).toBe(user.id);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      googleSub: identity.sub,
      passwordHash: user.passwordHash,
      emailVerifiedAt: user.emailVerifiedAt,
    });
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("creates a new user as verified, with no password", async () => {
    const identity = identityFor(`${unique("gnew_")}@gmail.com`);
    const created = await findOrCreateGoogleUser({ db, identity });
    expect(created).toMatchObject({ googleSub: identity.sub, passwordHash: null });
    expect(created.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("makes a Google name a plain line: no line breaks, controls or direction marks reach the stored name", async () => {
    for (const [name, stored] of [
      ["Grace\r\nBcc: victim@gmail.com", "Grace Bcc: victim@gmail.com"],
      ["\u202eevil\u202c Hopper", "evil Hopper"],
      ["\u2066Ada\u2069\u200f\u0007", "Ada"],
      ["نور الهدى", "نور الهدى"],
    ]) {
      const created = await findOrCreateGoogleUser({
        db,
        identity: { ...identityFor(`${unique("gname_")}@gmail.com`), name: name! },
      });
      expect(created.name).toBe(stored);
      expect(isPlainLine(created.name)).toBe(true);
    }
    // Nothing left of the name: the address's local part stands in, as for an empty one.
    const email = `${unique("gblank_")}@gmail.com`;
    expect((await findOrCreateGoogleUser({ db, identity: { ...identityFor(email), name: "\u202e\r\n" } })).name).toBe(
      email.split("@")[0]!.toUpperCase(),
    );
  });

  it("refuses an unverified Google email and leaves the unverified account as it was", async () => {
    const { user } = await createUser(db, { emailVerifiedAt: null });
    await createSession(db, user.id);
    await expect(
      findOrCreateGoogleUser({ db, identity: { ...identityFor(user.email), emailVerified: false } }),
    ).rejects.toThrow("Google has not verified this email address");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ googleSub: null, passwordHash: user.passwordHash, emailVerifiedAt: null });
    expect(await sessionCount(user.id)).toBe(1);
  });
});
