import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { twoFactors } from "../../lib/db/schema";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "../../lib/validation/two-factor-limits";
import { api } from "./http";

// Two-factor sign-in from outside (docs/decisions/073): codes computed from the secret the setup
// shows, as an authenticator app would, and an account turned on through the API.

/** The code of the step `offset` steps from now's, for the base32 `secret` (RFC 6238). */
export function codeFor(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP_DIGITS);
}

/** Six digits that are none of the codes the server would take now. */
export function wrongCode(secret: string): string {
  const right = new Set([-2, -1, 0, 1, 2].map((o) => codeFor(secret, o)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(TOTP_DIGITS, "0");
    if (!right.has(candidate)) return candidate;
  }
}

/**
 * Lets the next code of this step be taken again: the row is aged as if the last code was taken a
 * minute ago (no test waits 30 seconds for the next step).
 */
export async function forgetLastCode(db: FactoryDb, userId: string) {
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  await db
    .update(twoFactors)
    .set({ lastUsedStep: step - 3 })
    .where(eq(twoFactors.userId, userId));
}

/**
 * Sets up and turns on two-factor sign-in for the holder of `token`, whose password it is given
 * (the factories' by default; an account without one, Google only, is not asked): the secret and the recovery codes.
 */
export async function turnOnTwoFactor(
  token: string,
  password = DEFAULT_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api<{ secret: string }>("/api/auth/2fa/setup", { method: "POST", token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const on = await api<{ recoveryCodes: string[] }>("/api/auth/2fa/enable", {
    token,
    body: { code: codeFor(setup.body.secret), password },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: on.body.recoveryCodes };
}
