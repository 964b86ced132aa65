import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { passkeys } from "../../lib/db/schema";
import { SUSPENDED_MESSAGE } from "../../lib/auth/session-limits";
import {
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_CHALLENGES_PER_WINDOW,
  PASSKEY_EXPIRED_MESSAGE,
  PASSKEY_LOGINS_PER_WINDOW,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_NOT_SAVED_MESSAGE,
  PASSKEY_REFUSED_MESSAGE,
  PASSKEYS_MAX,
  TOO_MANY_PASSKEYS_MESSAGE,
} from "../../lib/validation/passkey-limits";
import { SoftAuthenticator } from "../support/authenticator";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, UNKNOWN_ID, type Person } from "../support/friends";
import { api } from "../support/http";

// Passkeys (docs/decisions/079): added on the Security screen, signed in with from /login without
// a username. A software authenticator (tests/support/authenticator.ts) makes real attestations
// and signatures, which the server verifies over HTTP.

const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
type Creation = { challenge: string; user: { id: string }; rp: { id: string }; excludeCredentials?: { id: string }[] };
type Info = { id: string; name: string; synced: boolean; createdAt: string; lastUsedAt: string | null };

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

/** The options of a new passkey, asked with the factories' password (docs/decisions/096). */
const creationOptions = (token: string, proof: { password?: string; code?: string } = { password: DEFAULT_PASSWORD }) =>
  api<Creation>("/api/auth/passkeys/options", { token, body: proof });
const add = (token: string, body: unknown) =>
  api<{ message: string; passkey: Info }>("/api/auth/passkeys", {
    token,
    body,
    headers: { "user-agent": CHROME_ON_LINUX },
  });
const list = async (token: string) => (await api<{ passkeys: Info[] }>("/api/auth/passkeys", { token })).body.passkeys;
const requestOptions = (client = asNewClient()) =>
  api<{ challenge: string }>("/api/auth/passkey-login/options", { method: "POST", headers: client });
const signIn = (response: unknown, client = asNewClient()) =>
  api<{ token: string; user: { id: string } }>("/api/auth/passkey-login", { body: { response }, headers: client });

/** A person with a passkey on a fresh authenticator. */
async function withPasskey(who?: Person) {
  const me = who ?? (await person(db));
  const authenticator = new SoftAuthenticator(testEnv.baseUrl);
  const options = await creationOptions(me.token);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const res = await add(me.token, { response: authenticator.register(options.body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { me, authenticator, passkey: res.body.passkey };
}

describe("adding a passkey", () => {
  it("answers 401 without a session before it reads a body", async () => {
    expectError(await api("/api/auth/passkeys"), 401);
    expectError(await api("/api/auth/passkeys/options", { method: "POST" }), 401);
    expectError(await api("/api/auth/passkeys", { rawBody: "{not json" }), 401);
    expectError(await api(`/api/auth/passkeys/${UNKNOWN_ID}`, { method: "PUT", rawBody: "{not json" }), 401);
    expectError(await api(`/api/auth/passkeys/${UNKNOWN_ID}`, { method: "DELETE" }), 401);
  });

  it("keeps a verified passkey for this site, named after the browser that added it; its challenge works once", async () => {
    const me = await person(db);
    const authenticator = new SoftAuthenticator(testEnv.baseUrl);
    const options = await creationOptions(me.token);
    expect(options.body.rp.id).toBe(new URL(testEnv.baseUrl).hostname);
    expect(Buffer.from(options.body.user.id, "base64url").toString("hex")).toBe(me.user.id.replace(/-/g, ""));
    const answer = authenticator.register(options.body);
    const res = await add(me.token, { response: answer });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.passkey).toMatchObject({ name: "Chrome 131 on Linux", lastUsedAt: null });
    expect(await list(me.token)).toEqual([res.body.passkey]);
    // Only the public key is kept; nothing of it is in an answer.
    expect(JSON.stringify(await list(me.token))).not.toContain(authenticator.id);

    expectError(await add(me.token, { response: answer }), 400, PASSKEY_EXPIRED_MESSAGE);
    // The same authenticator again is excluded by the next options, and refused if sent anyway.
    const again = await creationOptions(me.token);
    expect(again.body.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    expectError(
      await add(me.token, { response: authenticator.register(again.body), name: "Again" }),
      409,
      PASSKEY_ALREADY_ADDED_MESSAGE,
    );
  });

  it("refuses an answer for another site, another person's challenge, or an expired one, and keeps nothing", async () => {
    const [me, other] = [await person(db), await person(db)];
    const authenticator = new SoftAuthenticator(testEnv.baseUrl);
    expectError(
      await add(me.token, {
        response: authenticator.register((await creationOptions(me.token)).body, { origin: "https://evil.example" }),
      }),
      400,
      PASSKEY_NOT_SAVED_MESSAGE,
    );
    expectError(
      await add(me.token, {
        response: authenticator.register((await creationOptions(me.token)).body, { rpId: "evil.example" }),
      }),
      400,
      PASSKEY_NOT_SAVED_MESSAGE,
    );
    expectError(
      await add(me.token, { response: authenticator.register((await creationOptions(other.token)).body) }),
      400,
      PASSKEY_EXPIRED_MESSAGE,
    );
    const stale = await creationOptions(me.token);
    await db.execute(
      sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${stale.body.challenge}`,
    );
    expectError(await add(me.token, { response: authenticator.register(stale.body) }), 400, PASSKEY_EXPIRED_MESSAGE);
    expectError(
      await add(me.token, {
        response: { ...authenticator.register((await creationOptions(me.token)).body), type: "password" },
      }),
      400,
    );
    expect(await list(me.token)).toEqual([]);
  });

  it(`allows ${PASSKEYS_MAX} passkeys an account`, async () => {
    const { me } = await withPasskey();
    await db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_MAX - 1 }, (_, i) => ({
        userId: me.user.id,
        credentialId: `made-up-${me.user.id}-${i}`,
        publicKey: "AA",
        name: `Key ${i}`,
      })),
    );
    expectError(await creationOptions(me.token), 409, TOO_MANY_PASSKEYS_MESSAGE);
    expect(await list(me.token)).toHaveLength(PASSKEYS_MAX);
  });

  it("renames and removes only one's own passkeys: anyone else's, even a blocker's, is the 404 of nothing", async () => {
    const { me, passkey } = await withPasskey();
    const other = await person(db);
    await db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${other.user.id}::uuid, ${me.user.id}::uuid)`,
    );
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: "PUT", token: other.token, body: { name: "Mine now" } }),
      404,
      PASSKEY_NOT_FOUND_MESSAGE,
    );
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: "DELETE", token: other.token }),
      404,
      PASSKEY_NOT_FOUND_MESSAGE,
    );
    expectError(
      await api("/api/auth/passkeys/not-an-id", { method: "DELETE", token: me.token }),
      404,
      PASSKEY_NOT_FOUND_MESSAGE,
    );
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: "PUT", token: me.token, body: { name: "  " } }),
      400,
      "Name is required",
    );

    const renamed = await api<{ passkey: Info }>(`/api/auth/passkeys/${passkey.id}`, {
      method: "PUT",
      token: me.token,
      body: { name: "  Phone  " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe("Phone");
    expect((await api(`/api/auth/passkeys/${passkey.id}`, { method: "DELETE", token: me.token })).body).toEqual({
      message: "Passkey removed",
    });
    expect(await list(me.token)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("needs no username: the signature opens a session as a login does, and the passkey says when it was used", async () => {
    const { me, authenticator } = await withPasskey();
    const options = await requestOptions();
    expect(options.status).toBe(200);
    const res = await signIn(authenticator.assert(options.body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
    expect(res.headers.get("set-cookie")).toMatch(/^session=/);
    expect((await api("/api/auth/me", { token: res.body.token })).status).toBe(200);
    expect((await list(me.token))[0]!.lastUsedAt).not.toBeNull();
  });

  it("refuses a replayed answer, a counter that did not grow, an unknown passkey, a forged signature and a stolen user handle", async () => {
    const { authenticator } = await withPasskey();
    const first = authenticator.assert((await requestOptions()).body);
    expect((await signIn(first)).status).toBe(200);
    expectError(await signIn(first), 400, PASSKEY_EXPIRED_MESSAGE);
    // A clone: the same key, its counter behind.
    expectError(
      await signIn(authenticator.assert((await requestOptions()).body, { counter: 1 })),
      401,
      PASSKEY_REFUSED_MESSAGE,
    );

    const stranger = new SoftAuthenticator(testEnv.baseUrl);
    expectError(await signIn(stranger.assert((await requestOptions()).body)), 401, PASSKEY_REFUSED_MESSAGE);
    const forged = { ...stranger.assert((await requestOptions()).body), id: authenticator.id, rawId: authenticator.id };
    expectError(
      await signIn({ ...forged, response: { ...forged.response, userHandle: authenticator.userHandle } }),
      401,
      PASSKEY_REFUSED_MESSAGE,
    );
    const { authenticator: someoneElses } = await withPasskey();
    const mismatched = authenticator.assert((await requestOptions()).body);
    expectError(
      await signIn({ ...mismatched, response: { ...mismatched.response, userHandle: someoneElses.userHandle } }),
      401,
      PASSKEY_REFUSED_MESSAGE,
    );
    expectError(
      await signIn(authenticator.assert((await requestOptions()).body, { origin: "https://evil.example" })),
      401,
      PASSKEY_REFUSED_MESSAGE,
    );
    // After all that it still works.
    expect((await signIn(authenticator.assert((await requestOptions()).body))).status).toBe(200);
  });

  it("no longer opens a removed passkey's account, nor a suspended one", async () => {
    const { me, authenticator, passkey } = await withPasskey();
    await db.execute(sql`update users set suspended_at = now() where id = ${me.user.id}::uuid`);
    expectError(await signIn(authenticator.assert((await requestOptions()).body)), 403, SUSPENDED_MESSAGE);
    await db.execute(sql`update users set suspended_at = null where id = ${me.user.id}::uuid`);
    await db.delete(passkeys).where(eq(passkeys.id, passkey.id));
    expectError(await signIn(authenticator.assert((await requestOptions()).body)), 401, PASSKEY_REFUSED_MESSAGE);
  });

  it(`counts ${PASSKEY_LOGINS_PER_WINDOW} tries and ${PASSKEY_CHALLENGES_PER_WINDOW} challenges per address; past them, 429`, async () => {
    const { authenticator } = await withPasskey();
    const client = asNewClient();
    const stranger = new SoftAuthenticator(testEnv.baseUrl);
    for (let i = 0; i < PASSKEY_LOGINS_PER_WINDOW; i += 1)
      expectError(await signIn(stranger.assert((await requestOptions(client)).body), client), 401);
    expectError(await signIn(authenticator.assert((await requestOptions()).body), client), 429);
    // The challenges: those above counted too.
    for (let i = PASSKEY_LOGINS_PER_WINDOW; i < PASSKEY_CHALLENGES_PER_WINDOW; i += 1)
      expect((await requestOptions(client)).status).toBe(200);
    expectError(await requestOptions(client), 429);
    // Another address is not held back.
    expect((await signIn(authenticator.assert((await requestOptions()).body))).status).toBe(200);
  });

  it("a Google-only account may add one and sign in with it", async () => {
    const { user } = await createUser(db, { password: null });
    const token = await createSession(db, user.id);
    const { authenticator } = await withPasskey({ user, token } as Person);
    expect((await signIn(authenticator.assert((await requestOptions()).body))).body.user.id).toBe(user.id);
  });
});
