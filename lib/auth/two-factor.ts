import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { encodeBase32LowerCaseNoPadding, encodeBase32NoPadding } from "@oslojs/encoding";
import QRCode from "qrcode";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ConflictError, ValidationError } from "@/lib/errors";
import { clearAttempts, consumeAttempt } from "@/lib/rate-limit";
import { checkCurrentPassword } from "./password-change";
import { decryptSecret, encryptSecret } from "./two-factor-crypto";
import {
  TWO_FACTOR_ALREADY_ON_MESSAGE,
  TWO_FACTOR_NOT_ON_MESSAGE,
  TWO_FACTOR_NOT_SET_UP_MESSAGE,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_STEPS_AROUND,
  TWO_FACTOR_MAX_TRIES,
  TWO_FACTOR_WINDOW_SECONDS,
  TWO_FACTOR_USED_CODE_MESSAGE,
  TWO_FACTOR_WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
  TWO_FACTOR_NO_PASSWORD_MESSAGE,
} from "@/lib/validation/two-factor-limits";
import { PASSWORD_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";

// Two-factor sign-in with an authenticator app (docs/decisions/073): set up (a pending secret),
// enabled by a first right code (which gives ten recovery codes), asked for after the password or
// Google at sign-in (lib/auth/two-factor-challenge.ts), turned off with the password and a code.
// Secrets, codes and recovery codes never reach a log line or an error message.

/** A code as the person gives it: which kind, and its normalized text (lib/validation/two-factor.ts). */
export type SecondFactor = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/** What `code` is: six digits are an authenticator's code, anything else a recovery code. */
export function secondFactorOf(code: string): SecondFactor {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)
    ? { kind: "totp", code }
    : { kind: "recovery", code: code.toLowerCase() };
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}

/** xxxx-xxxx-xxxx-xxxx: 80 random bits in base32, enough that an unsalted SHA-256 of it cannot be searched. */
function newRecoveryCode(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(10)).match(/.{4}/g)!.join("-");
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The 30-second step of a time. */
function totpStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step `code` is right for, among the server's and the ones around it; null when none. */
function matchingStep(key: Uint8Array, code: string, now: number): number | null {
  const step = totpStep(now);
  let found: number | null = null;
  for (let s = step - TOTP_STEPS_AROUND; s <= step + TOTP_STEPS_AROUND; s++) {
    // Every step is computed and compared, so the time taken does not say which one matched.
    if (sameText(generateHOTP(key, BigInt(s), TOTP_DIGITS), code) && found === null) found = s;
  }
  return found;
}

type TwoFactorRow = { secret: string; enabledAt: string | null };

async function readTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const { rows } = await db.execute<TwoFactorRow>(
    sql`select secret, enabled_at as "enabledAt" from two_factors where user_id = ${userId}::uuid`,
  );
  return rows[0];
}

/** Whether the account asks for a second factor at sign-in. */
export async function isTwoFactorOn({ db, userId }: { db: Db; userId: string }): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from two_factors where user_id = ${userId}::uuid and enabled_at is not null`,
  );
  return rows.length > 0;
}

/** For the Security screen: whether two-factor sign-in is on, and whether turning it off takes a password. */
export async function readTwoFactorState({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<{ on: boolean; hasPassword: boolean }> {
  const { rows } = await db.execute<{ on: boolean; hasPassword: boolean }>(sql`
    select exists (select 1 from two_factors where user_id = u.id and enabled_at is not null) as "on", u.password_hash is not null as "hasPassword"
    from users u where u.id = ${userId}::uuid`);
  return rows[0] ?? { on: false, hasPassword: false };
}

/**
 * Checks an authenticator's code against the account's secret and takes its step, once: a step at
 * or before the last one taken is refused (a replay), even within its 90 seconds. A 400 beside `field`.
 */
async function acceptTotp({
  db,
  userId,
  secret,
  code,
  field,
}: {
  db: Db;
  userId: string;
  secret: string;
  code: string;
  field: string;
}) {
  const key = await decryptSecret({ db, userId, stored: secret });
  const step = matchingStep(key, code, Date.now());
  if (step === null)
    throw new ValidationError(TWO_FACTOR_WRONG_CODE_MESSAGE, [{ path: field, message: TWO_FACTOR_WRONG_CODE_MESSAGE }]);
  const { rows } = await db.execute(sql`
    update two_factors set last_used_step = ${step}
    where user_id = ${userId}::uuid and (last_used_step is null or last_used_step < ${step})
    returning 1`);
  if (!rows.length)
    throw new ValidationError(TWO_FACTOR_USED_CODE_MESSAGE, [{ path: field, message: TWO_FACTOR_USED_CODE_MESSAGE }]);
}

/** Takes one unused recovery code of the account, or a 400 beside `field`. */
async function acceptRecoveryCode({
  db,
  userId,
  code,
  field,
}: {
  db: Db;
  userId: string;
  code: string;
  field: string;
}) {
  const { rows } = await db.execute(sql`
    update two_factor_recovery_codes set used_at = now()
    where user_id = ${userId}::uuid and code_hash = ${hashRecoveryCode(code)} and used_at is null
    returning 1`);
  if (!rows.length)
    throw new ValidationError(WRONG_RECOVERY_CODE_MESSAGE, [{ path: field, message: WRONG_RECOVERY_CODE_MESSAGE }]);
}

/**
 * A second factor of an account with two-factor sign-in on, counted as passwords are: every try
 * before the check (TWO_FACTOR_MAX_TRIES in the window, then 429 even for a right one), a right
 * one clears the count. A wrong one is a 400 beside `field`.
 */
export async function checkSecondFactor({
  db,
  userId,
  factor,
  field,
}: {
  db: Db;
  userId: string;
  factor: SecondFactor;
  field: string;
}) {
  const limitKey = `two-factor:${userId}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: TWO_FACTOR_MAX_TRIES, windowSeconds: TWO_FACTOR_WINDOW_SECONDS },
  });
  const row = await readTwoFactor(db, userId);
  if (!row?.enabledAt) throw new ConflictError(TWO_FACTOR_NOT_ON_MESSAGE);
  if (factor.kind === "totp") await acceptTotp({ db, userId, secret: row.secret, code: factor.code, field });
  else await acceptRecoveryCode({ db, userId, code: factor.code, field });
  await clearAttempts({ db, key: limitKey });
}

/**
 * POST /api/auth/2fa/setup: a new secret, pending until enabled (a pending one is replaced), and
 * what an authenticator app needs to take it: the base32 secret, its otpauth:// URL and that URL
 * as a QR code (SVG).
 */
export async function setUpTwoFactor({ db, userId, accountName }: { db: Db; userId: string; accountName: string }) {
  const key = new Uint8Array(randomBytes(20));
  const stored = await encryptSecret({ db, userId, secret: key });
  const { rows } = await db.execute(sql`
    insert into two_factors (user_id, secret) values (${userId}::uuid, ${stored})
    on conflict (user_id) do update set secret = excluded.secret, last_used_step = null, created_at = now()
    where two_factors.enabled_at is null
    returning 1`);
  if (!rows.length) throw new ConflictError(TWO_FACTOR_ALREADY_ON_MESSAGE);
  const otpauthUrl = createTOTPKeyURI(TOTP_ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret: encodeBase32NoPadding(key), otpauthUrl, qrSvg };
}

/**
 * POST /api/auth/2fa/enable: `proven` (the password, lib/auth/step-up.ts), then the first right code from the app turns the pending secret on, and
 * the ten recovery codes are made (shown this once; only their hashes are kept).
 */
export async function enableTwoFactor({
  db,
  userId,
  code,
  proven,
}: {
  db: Db;
  userId: string;
  code: string;
  proven: () => Promise<unknown>;
}): Promise<string[]> {
  const row = await readTwoFactor(db, userId);
  if (!row) throw new ConflictError(TWO_FACTOR_NOT_SET_UP_MESSAGE);
  if (row.enabledAt) throw new ConflictError(TWO_FACTOR_ALREADY_ON_MESSAGE);
  // The session alone does not make a way in that outlives it (docs/decisions/096).
  await proven();
  const limitKey = `two-factor:${userId}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: TWO_FACTOR_MAX_TRIES, windowSeconds: TWO_FACTOR_WINDOW_SECONDS },
  });
  await acceptTotp({ db, userId, secret: row.secret, code, field: "code" });
  await clearAttempts({ db, key: limitKey });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    // Only the secret the code was checked against: a setup that raced in between replaced it.
    const { rows: on } = await tx.execute(sql`
      update two_factors set enabled_at = now() where user_id = ${userId}::uuid and secret = ${row.secret} and enabled_at is null returning 1`);
    if (!on.length) throw new ConflictError(TWO_FACTOR_NOT_SET_UP_MESSAGE);
    await tx.execute(sql`delete from two_factor_recovery_codes where user_id = ${userId}::uuid`);
    for (const c of codes)
      await tx.execute(
        sql`insert into two_factor_recovery_codes (user_id, code_hash) values (${userId}::uuid, ${hashRecoveryCode(c)})`,
      );
  });
  return codes;
}

/**
 * POST /api/auth/2fa/disable: the password (checked and counted as the Security screen's changes
 * are; an account with none, Google only, gives the code alone) and a code, then everything of
 * two-factor sign-in goes: the secret, the recovery codes, open challenges.
 */
export async function disableTwoFactor({
  db,
  userId,
  password,
  code,
}: {
  db: Db;
  userId: string;
  password: string | undefined;
  code: string;
}) {
  if (!(await isTwoFactorOn({ db, userId }))) throw new ConflictError(TWO_FACTOR_NOT_ON_MESSAGE);
  const { rows } = await db.execute<{ hasPassword: boolean }>(
    sql`select password_hash is not null as "hasPassword" from users where id = ${userId}::uuid`,
  );
  if (rows[0]?.hasPassword) {
    if (!password)
      throw new ValidationError(PASSWORD_REQUIRED_MESSAGE, [{ path: "password", message: PASSWORD_REQUIRED_MESSAGE }]);
    await checkCurrentPassword({ db, userId, password, field: "password", noPassword: TWO_FACTOR_NO_PASSWORD_MESSAGE });
  }
  await checkSecondFactor({ db, userId, factor: secondFactorOf(code), field: "code" });
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from two_factors where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from two_factor_recovery_codes where user_id = ${userId}::uuid`);
    await tx.execute(sql`delete from two_factor_challenges where user_id = ${userId}::uuid`);
  });
}
