import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { dropPasskeyWraps } from "./lock-wraps";
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, sql } from "drizzle-orm";
import type { PasskeyInfo } from "@/lib/contract/security";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { passkeys, users } from "@/lib/db/schema";
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { consumeAttempt, refundAttempt } from "@/lib/rate-limit";
import { type AddPasskeyInput, type PasskeyLoginInput } from "@/lib/validation/passkeys";
import {
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_CHALLENGES_PER_WINDOW,
  PASSKEY_EXPIRED_MESSAGE,
  PASSKEY_LOGINS_PER_WINDOW,
  PASSKEY_NAME_MAX,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_NOT_SAVED_MESSAGE,
  PASSKEY_REFUSED_MESSAGE,
  PASSKEY_WINDOW_SECONDS,
  PASSKEYS_MAX,
  TOO_MANY_PASSKEYS_MESSAGE,
} from "@/lib/validation/passkey-limits";
import { describeUserAgent } from "./session-list";
import { createSession } from "./sessions";

// Passkeys (docs/decisions/079): WebAuthn credentials on @simplewebauthn/server. The relying party
// is APP_URL's host; every ceremony's challenge is made here, kept for PASSKEY_CHALLENGE_MINUTES
// and taken once; credentials are discoverable, so signing in needs no username.

const RP_NAME = "Inkwell";

function relyingParty() {
  const url = new URL(config().APP_URL);
  return { rpID: url.hostname, origin: url.origin };
}

/** A new challenge's bytes; the table keeps them as base64url, the form clientDataJSON names them in. */
async function newChallenge({
  db,
  purpose,
  userId,
}: {
  db: Db;
  purpose: "register" | "login";
  userId: string | null;
}): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  await db.execute(sql`
    insert into webauthn_challenges (challenge, purpose, user_id, expires_at)
    values (${Buffer.from(bytes).toString("base64url")}, ${purpose}, ${userId}::uuid, now() + make_interval(mins => ${PASSKEY_CHALLENGE_MINUTES}))`);
  return bytes;
}

/** The challenge a browser's answer signed, taken out of the table if it is ours, live and for this purpose; else a 400. */
async function takeChallenge({
  db,
  clientDataJSON,
  purpose,
  userId,
}: {
  db: Db;
  clientDataJSON: string;
  purpose: "register" | "login";
  userId: string | null;
}): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown })
      .challenge;
  } catch {
    challenge = undefined;
  }
  if (typeof challenge !== "string" || challenge.length > 200) throw new ValidationError(PASSKEY_EXPIRED_MESSAGE);
  const { rows } = await db.execute(sql`
    delete from webauthn_challenges
    where challenge = ${challenge} and purpose = ${purpose} and user_id is not distinct from ${userId}::uuid and expires_at > now()
    returning 1`);
  if (!rows.length) throw new ValidationError(PASSKEY_EXPIRED_MESSAGE);
  return challenge;
}

function toInfo(row: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    synced: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const infoColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};

/** GET /api/auth/passkeys: the caller's passkeys, oldest first. */
export async function listPasskeys({ db, userId }: { db: Db; userId: string }): Promise<PasskeyInfo[]> {
  const rows = await db
    .select(infoColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt, passkeys.id);
  return rows.map(toInfo);
}

/** POST /api/auth/passkeys/options: what the browser needs to make a new passkey for the caller. */
export async function passkeyRegistrationOptions({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [user] = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (existing.length >= PASSKEYS_MAX) throw new ConflictError(TOO_MANY_PASSKEYS_MESSAGE);
  const { rpID } = relyingParty();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user!.username,
    userDisplayName: user!.name,
    // The account's id as the user handle: it names nobody, and a signed-in answer can be matched to it.
    userID: Buffer.from(userId.replace(/-/g, ""), "hex"),
    challenge: await newChallenge({ db, purpose: "register", userId }),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
}

/** POST /api/auth/passkeys: checks the browser's answer to the caller's challenge and keeps the passkey. */
export async function addPasskey({
  db,
  userId,
  input,
  userAgent,
}: {
  db: Db;
  userId: string;
  input: AddPasskeyInput;
  userAgent: string | null;
}): Promise<PasskeyInfo> {
  const response = input.response as unknown as RegistrationResponseJSON;
  const expectedChallenge = await takeChallenge({
    db,
    clientDataJSON: input.response.response.clientDataJSON,
    purpose: "register",
    userId,
  });
  const { rpID, origin } = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new ValidationError(PASSKEY_NOT_SAVED_MESSAGE);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const { browser, os } = describeUserAgent(userAgent);
  const name = (input.name ?? (browser ? `${browser}${os ? ` on ${os}` : ""}` : "Passkey")).slice(0, PASSKEY_NAME_MAX);
  // One add at a time per account (its row locked), so the count cannot be raced past.
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if (counted!.count >= PASSKEYS_MAX) throw new ConflictError(TOO_MANY_PASSKEYS_MESSAGE);
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning(infoColumns);
    return row;
  });
  if (!added) throw new ConflictError(PASSKEY_ALREADY_ADDED_MESSAGE);
  return toInfo(added);
}

/** PUT /api/auth/passkeys/{id}: a new name (the 404 of nothing for anyone else's). */
export async function renamePasskey({
  db,
  userId,
  id: rawId,
  name,
}: {
  db: Db;
  userId: string;
  id: string;
  name: string;
}): Promise<PasskeyInfo> {
  const id = parseId({ value: rawId, message: PASSKEY_NOT_FOUND_MESSAGE });
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(infoColumns);
  if (!row) throw new NotFoundError(PASSKEY_NOT_FOUND_MESSAGE);
  return toInfo(row);
}

/** DELETE /api/auth/passkeys/{id}: the passkey no longer signs in (the 404 of nothing for anyone else's). */
export async function removePasskey({ db, userId, id: rawId }: { db: Db; userId: string; id: string }): Promise<void> {
  const id = parseId({ value: rawId, message: PASSKEY_NOT_FOUND_MESSAGE });
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (!gone.length) throw new NotFoundError(PASSKEY_NOT_FOUND_MESSAGE);
    // A removed authenticator no longer opens the diary lock either (docs/decisions/115).
    await dropPasskeyWraps({ tx, userId });
  });
}

/** POST /api/auth/passkey-login/options: a challenge for any passkey of this site, counted per address. */
export async function passkeyLoginOptions({
  db,
  ip,
}: {
  db: Db;
  ip: string;
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await consumeAttempt({
    db,
    limit: {
      key: `passkey-challenge:${ip}`,
      max: PASSKEY_CHALLENGES_PER_WINDOW,
      windowSeconds: PASSKEY_WINDOW_SECONDS,
    },
  });
  const { rpID } = relyingParty();
  return generateAuthenticationOptions({
    rpID,
    challenge: await newChallenge({ db, purpose: "login", userId: null }),
    userVerification: "preferred",
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
}

/**
 * POST /api/auth/passkey-login: the passkey's signature over a live login challenge, checked
 * against its public key, and its counter, which must grow. Tries are counted per address before
 * the check (a success gives its try back). Then a session, as a password login makes one.
 */
export async function loginWithPasskey({
  db,
  input,
  ip,
  userAgent,
  language,
}: {
  db: Db;
  input: PasskeyLoginInput;
  ip: string;
  userAgent: string | null;
  language?: Locale;
}) {
  const limitKey = `passkey-login:${ip}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: PASSKEY_LOGINS_PER_WINDOW, windowSeconds: PASSKEY_WINDOW_SECONDS },
  });
  const expectedChallenge = await takeChallenge({
    db,
    clientDataJSON: input.response.response.clientDataJSON,
    purpose: "login",
    userId: null,
  });
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, input.response.id));
  if (!stored) throw new UnauthorizedError(PASSKEY_REFUSED_MESSAGE);
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(stored.userId.replace(/-/g, ""), "hex").toString("base64url"))
    throw new UnauthorizedError(PASSKEY_REFUSED_MESSAGE);
  const { rpID, origin } = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: stored.credentialId,
      publicKey: Buffer.from(stored.publicKey, "base64url"),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new UnauthorizedError(PASSKEY_REFUSED_MESSAGE);
  // The counter only grows: a second answer with the same or a lower one (a replay, a clone) is refused.
  const { rows: moved } = await db.execute(sql`
    update passkeys set counter = ${verification.authenticationInfo.newCounter}, last_used_at = now(), backed_up = ${verification.authenticationInfo.credentialBackedUp}
    where id = ${stored.id}::uuid and (counter < ${verification.authenticationInfo.newCounter} or (counter = 0 and ${verification.authenticationInfo.newCounter} = 0))
    returning 1`);
  if (!moved.length) throw new UnauthorizedError(PASSKEY_REFUSED_MESSAGE);
  await refundAttempt({ db, key: limitKey });
  const [user] = await db.select().from(users).where(eq(users.id, stored.userId));
  const token = await createSession({ db, userId: stored.userId, userAgent, language });
  return { user: user!, token };
}
