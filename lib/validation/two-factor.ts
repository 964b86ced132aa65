import { z } from "zod";
import {
  TWO_FACTOR_CODE_FORMAT_MESSAGE,
  TWO_FACTOR_ONE_CODE_MESSAGE,
  RECOVERY_CODE_FORMAT_MESSAGE,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  CHALLENGE_REQUIRED_MESSAGE,
} from "./two-factor-limits";
import { text } from "./fields";

// Two-factor sign-in's inputs (docs/decisions/073). Spaces and dashes a person types or pastes
// between groups are taken out; what is left is checked for its form only (lib/auth/two-factor.ts checks its value).

const CODE_RAW_MAX = 64;
const squeeze = (v: string) => v.replace(/[\s-]/g, "");

/** An authenticator's 6-digit code. */
export const totpCode = text("Code", { maxUnits: CODE_RAW_MAX })
  .overwrite(squeeze)
  .min(1, TWO_FACTOR_CODE_REQUIRED_MESSAGE)
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_CODE_FORMAT_MESSAGE);

/** A recovery code as shown (xxxx-xxxx-xxxx-xxxx), whatever the case. */
export const recoveryCode = text("Recovery code", { maxUnits: CODE_RAW_MAX })
  .overwrite((v) => squeeze(v).toLowerCase())
  .min(1, "Recovery code is required")
  .regex(new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`), RECOVERY_CODE_FORMAT_MESSAGE);

/** An authenticator's code or a recovery code, told apart by lib/auth/two-factor.ts's secondFactorOf. */
export const eitherCode = text("Code", { maxUnits: CODE_RAW_MAX })
  .overwrite(squeeze)
  .min(1, TWO_FACTOR_CODE_REQUIRED_MESSAGE);

/** The account's password, asked again before a new way in is made (lib/auth/step-up.ts); left out by an account that has none. */
export const stepUpPassword = text("Password", { maxUnits: 1024 }).optional();

/**
 * POST /api/auth/2fa/enable: the first code from the app proves it was set up; the password proves
 * the person (docs/decisions/096).
 */
export const EnableTwoFactorSchema = z.object({ code: totpCode, password: stepUpPassword });

/**
 * POST /api/auth/2fa/disable: the password (none for an account that signs in with Google only)
 * and a code, an authenticator's or a recovery code.
 */
export const DisableTwoFactorSchema = z.object({
  password: text("Password", { maxUnits: 1024 }).optional(),
  code: eitherCode,
});

/** POST /api/auth/2fa/verify: the challenge a sign-in answered, and one of the two kinds of code. */
export const VerifyTwoFactorSchema = z
  .object({
    challenge: text("Challenge", { maxUnits: 200 }).min(1, CHALLENGE_REQUIRED_MESSAGE),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .superRefine(({ code, recoveryCode: recovery }, ctx) => {
    if ((code === undefined) === (recovery === undefined))
      ctx.addIssue({ code: "custom", message: TWO_FACTOR_ONE_CODE_MESSAGE, path: ["code"] });
  });
