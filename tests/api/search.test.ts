import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";

// Every search looks for a tag of its own (`unique()`), so users created by other files sharing the
// test database never match.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type Found = { users: Record<string, unknown>[] };

async function search(token: string, q: string) {
  const res = await api<Found>(`/api/search?q=${encodeURIComponent(q)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.users;
}

const ids = (users: Record<string, unknown>[]) => users.map((u) => u.id);

describe("GET /api/search", () => {
  it("finds names and usernames containing the text, best matches first, in docs/api.md's fields and nothing else", async () => {
    const tag = unique("s");
    const { user: caller, token } = await signedIn(db);
    await db
      .update(users)
      .set({ name: `Me ${tag}` })
      .where(eq(users.id, caller.id));
    const { user: exact } = await createUser(db, { username: tag, name: "Exact Match" });
    const { user: userPrefix } = await createUser(db, { username: `${tag}zz`, name: "Username Prefix" });
    const { user: namePrefix } = await createUser(db, { name: `${tag.toUpperCase()} Smith` });
    const { user: nameInside } = await createUser(db, { name: `Dear ${tag}` });
    const { user: usernameInside } = await createUser(db, { username: `x_${tag}_y`, name: "Username Inside" });
    // An email is never searched, and never shown.
    await createUser(db, { email: `${tag}.mail@gmail.com`, name: "Only The Email" });

    const found = await search(token, tag);
    expect(found[0]?.id).toBe(exact.id);
    expect(new Set(ids(found.slice(1, 3)))).toEqual(new Set([userPrefix.id, namePrefix.id]));
    expect(new Set(ids(found.slice(3)))).toEqual(new Set([nameInside.id, usernameInside.id]));
    expect(found[0]).toEqual({
      _id: exact.id,
      id: exact.id,
      username: tag,
      name: "Exact Match",
      fullName: "Exact Match",
      profileImage: null,
      avatar: null,
    });
    expect(JSON.stringify(found)).not.toMatch(/email|password|@gmail/i);
    expect(ids(await search(token, tag.toUpperCase()))).toEqual(ids(found));
  });

  it("finds a name with or without its accents and its Arabic vowel marks, by its start or inside it (docs/decisions/140)", async () => {
    const tag = unique("f");
    const { token } = await signedIn(db);
    const { user: jose } = await createUser(db, { name: `José Ñúñez ${tag}` });
    const { user: karim } = await createUser(db, { name: `كَرِيم ${tag}` });
    const { user: plain } = await createUser(db, { name: `Amira ${tag}` });
    // By its start (the prefix index, two letters), and inside it (the trigram index).
    expect(ids(await search(token, "jo"))).toContain(jose.id);
    expect(ids(await search(token, `jose nunez ${tag}`))).toEqual([jose.id]);
    expect(ids(await search(token, `JOSÉ ÑÚÑEZ ${tag}`))).toEqual([jose.id]);
    expect(ids(await search(token, `nunez ${tag}`))).toEqual([jose.id]);
    expect(ids(await search(token, `كريم ${tag}`))).toEqual([karim.id]);
    expect(ids(await search(token, "كر"))).toContain(karim.id);
    expect(ids(await search(token, `amíra ${tag}`))).toEqual([plain.id]);
  });

  it("takes %, _ and \\ literally", async () => {
    const tag = unique("w");
    const { token } = await signedIn(db);
    const { user: percent } = await createUser(db, { name: `${tag} 100% sure` });
    await createUser(db, { name: `${tag} 100x sure` });
    const { user: underscore } = await createUser(db, { name: `${tag} a_b` });
    await createUser(db, { name: `${tag} axb` });
    const { user: backslash } = await createUser(db, { name: `${tag} c\\d` });
    await createUser(db, { name: `${tag} cd` });
    expect(ids(await search(token, `${tag} 100%`))).toEqual([percent.id]);
    expect(ids(await search(token, `${tag} a_b`))).toEqual([underscore.id]);
    expect(ids(await search(token, `${tag} c\\d`))).toEqual([backslash.id]);
    expect(await search(token, `${tag}%`)).toEqual([]);
  });

  it("folds case beyond ASCII, and answers the same with a trailing slash", async () => {
    const tag = unique("u");
    const { token } = await signedIn(db);
    const { user } = await createUser(db, { name: `Zoë Ångström ${tag}` });
    expect(ids(await search(token, "ÅNGSTRÖM " + tag.toUpperCase()))).toEqual([user.id]);
    expect(ids(await search(token, `zoë ångström ${tag}`))).toEqual([user.id]);
    const slash = await api<Found>(`/api/search/?q=${encodeURIComponent(tag)}`, { token });
    expect(ids(slash.body.users)).toEqual([user.id]);
  });

  it("never finds the caller, and answers at most 10", async () => {
    const tag = unique("m");
    const { user: caller, token } = await signedIn(db);
    await db
      .update(users)
      .set({ username: `${tag}_me` })
      .where(eq(users.id, caller.id));
    for (let i = 0; i < 12; i++) await createUser(db, { username: `${tag}_${i}` });
    const found = await search(token, tag);
    expect(found).toHaveLength(10);
    expect(ids(found)).not.toContain(caller.id);
    expect(ids(await search(token, `${tag}_me`))).toEqual([]);
  });

  it("matches the start of a username or a name for one or two characters", async () => {
    const { token } = await signedIn(db);
    const { user: byUsername } = await createUser(db, { username: unique("zq"), name: "Someone Else" });
    const { user: byName } = await createUser(db, { name: "Zqa Person" });
    // Two letters inside a name are not a match: see searchesSubstrings in lib/users/search.ts.
    await createUser(db, { name: "Ann Zq" });
    expect(ids(await search(token, "zq"))).toEqual([byUsername.id, byName.id]);
    expect(ids(await search(token, "ZQ"))).toEqual([byUsername.id, byName.id]);
    const one = await search(token, "z");
    expect(one.length).toBeLessThanOrEqual(10);
    for (const u of one)
      expect(
        String(u.username).startsWith("z") || String(u.name).toLowerCase().startsWith("z"),
        JSON.stringify(u),
      ).toBe(true);
  });

  it.each(["", "   ", "\t"])("answers no users for the blank text %j, and without q", async (q) => {
    const { token } = await signedIn(db);
    expect(await search(token, q)).toEqual([]);
    expect((await api("/api/search", { token })).body).toEqual({ users: [] });
  });

  it("bounds the text: 100 characters are searched, 101 are a 400 naming the limit, NUL is a 400", async () => {
    const { token } = await signedIn(db);
    expect(await search(token, "a".repeat(100))).toEqual([]);
    expectError(
      await api(`/api/search?q=${"a".repeat(101)}`, { token }),
      400,
      "Search text must be at most 100 characters",
    );
    expectError(
      await api(`/api/search?q=${"a".repeat(5_000)}`, { token }),
      400,
      "Search text must be at most 100 characters",
    );
    expectError(await api("/api/search?q=ab%00cd", { token }), 400);
  });

  it("answers 401 without a token", async () => {
    expectError(await api("/api/search?q=writer"), 401);
    expectError(await api("/api/search"), 401);
  });
});
