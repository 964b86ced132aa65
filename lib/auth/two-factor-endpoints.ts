import { SUSPENDED_MESSAGE } from "@/lib/auth/session-limits";
import { WRONG_PASSWORD_MESSAGE } from "@/lib/auth/password-change-limits";
import {
  TWO_FACTOR_ALREADY_ON_MESSAGE,
  CHALLENGE_EXPIRED_MESSAGE,
  CHALLENGE_MINUTES,
  TWO_FACTOR_CODE_FORMAT_MESSAGE,
  TWO_FACTOR_NOT_ON_MESSAGE,
  TWO_FACTOR_NOT_SET_UP_MESSAGE,
  TWO_FACTOR_ONE_CODE_MESSAGE,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_FORMAT_MESSAGE,
  TWO_FACTOR_MAX_TRIES,
  TWO_FACTOR_WINDOW_SECONDS,
  TWO_FACTOR_USED_CODE_MESSAGE,
  TWO_FACTOR_WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  CHALLENGE_REQUIRED_MESSAGE,
} from "@/lib/validation/two-factor-limits";
import * as A from "@/lib/contract/answers";
import * as Sec from "@/lib/contract/security";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { DisableTwoFactorSchema, EnableTwoFactorSchema, VerifyTwoFactorSchema } from "@/lib/validation/two-factor";
import { RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN_MESSAGE } from "@/lib/auth/step-up-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { PASSWORD_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";

// A second factor: an authenticator app and recovery codes (lib/auth/two-factor.ts).

const TRIES = `${TWO_FACTOR_MAX_TRIES} codes per account in ${TWO_FACTOR_WINDOW_SECONDS / 60} minutes, right or wrong (a right one clears the count)`;

const TOTP = "The 6-digit code the authenticator app shows now (spaces are ignored); each code is taken once";

export const TWO_FACTOR_ENDPOINTS = [
  {
    method: "post",
    path: "/api/auth/2fa/setup",
    tag: TAG.auth,
    summary: "Start setting up two-factor sign-in",
    description:
      "A new authenticator secret for the caller, pending (not asked for at sign-in) until POST /api/auth/2fa/enable; a new setup replaces a pending one. `secret` is the base32 key to type, `otpauthUrl` the otpauth://totp/ address (SHA-1, 6 digits, 30 s), `qrSvg` that address as a QR code (SVG). No body.",
    auth: "session",
    answers: [{ status: 200, description: "The pending secret", schema: Sec.TwoFactorSetupSchema }],
    failures: [[409, TWO_FACTOR_ALREADY_ON_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/auth/2fa/enable",
    tag: TAG.auth,
    summary: "Turn two-factor sign-in on with a first code",
    description: `The account's password first (a session alone does not add a way in, docs/decisions/096; an account that signs in with Google only and has none needs a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes, 403 otherwise), then the first right code from the app turns the pending secret on, and the answer carries ${RECOVERY_CODE_COUNT} single-use recovery codes, shown this once (only their hashes are kept). The account's address is mailed a notice, which carries a “This was not me” link (POST /api/auth/not-me/{token}) when the address is verified.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: EnableTwoFactorSchema,
      descriptions: { code: TOTP, password: "The account's password (left out for a Google-only account)" },
    },
    answers: [{ status: 200, description: "On, with the recovery codes", schema: Sec.TwoFactorEnabledSchema }],
    failures: [
      [
        400,
        TWO_FACTOR_CODE_REQUIRED_MESSAGE,
        TWO_FACTOR_CODE_FORMAT_MESSAGE,
        TWO_FACTOR_WRONG_CODE_MESSAGE,
        TWO_FACTOR_USED_CODE_MESSAGE,
        PASSWORD_REQUIRED_MESSAGE,
        WRONG_PASSWORD_MESSAGE,
      ],
      [403, SIGN_IN_AGAIN_MESSAGE],
      [409, TWO_FACTOR_NOT_SET_UP_MESSAGE, TWO_FACTOR_ALREADY_ON_MESSAGE],
    ],
    rateLimited: TRIES,
  },
  {
    method: "post",
    path: "/api/auth/2fa/disable",
    tag: TAG.auth,
    summary: "Turn two-factor sign-in off",
    description:
      "Takes the password (counted with the Security screen's other password checks) and a code, the app's or a recovery code. An account that signs in with Google only has no password: the code alone. The secret and every recovery code are deleted, and the account's address is mailed a notice.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: DisableTwoFactorSchema,
      descriptions: {
        password: "The account's password (left out for a Google-only account)",
        code: "A code from the app, or an unused recovery code",
      },
    },
    answers: [{ status: 200, description: "Off", schema: Sec.TwoFactorDisabledSchema }],
    failures: [
      [
        400,
        PASSWORD_REQUIRED_MESSAGE,
        TWO_FACTOR_CODE_REQUIRED_MESSAGE,
        WRONG_PASSWORD_MESSAGE,
        TWO_FACTOR_WRONG_CODE_MESSAGE,
        TWO_FACTOR_USED_CODE_MESSAGE,
        WRONG_RECOVERY_CODE_MESSAGE,
      ],
      [409, TWO_FACTOR_NOT_ON_MESSAGE],
    ],
    rateLimited: `${TRIES}; and the password's own count`,
  },
  {
    method: "post",
    path: "/api/auth/2fa/verify",
    tag: TAG.auth,
    summary: "Finish a sign-in that asked for a second factor",
    description: `The challenge a login (or Google sign-in) answered, and either \`code\` or \`recoveryCode\`. The answer and the cookie are a login's. A challenge lasts ${CHALLENGE_MINUTES} minutes and is taken once; a wrong code does not use it up.`,
    auth: "none",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: VerifyTwoFactorSchema,
      descriptions: {
        challenge: "From the login's answer",
        code: TOTP,
        recoveryCode: "One of the recovery codes, as shown (case and dashes do not matter); each works once",
      },
    },
    answers: [
      {
        status: 200,
        description: "A session token and the person",
        schema: A.LoginAnswerSchema,
        headers: { "Set-Cookie": "The session cookie: HttpOnly, SameSite=Lax, Secure on https" },
      },
    ],
    failures: [
      [
        400,
        CHALLENGE_REQUIRED_MESSAGE,
        TWO_FACTOR_ONE_CODE_MESSAGE,
        TWO_FACTOR_CODE_FORMAT_MESSAGE,
        RECOVERY_CODE_FORMAT_MESSAGE,
        TWO_FACTOR_WRONG_CODE_MESSAGE,
        TWO_FACTOR_USED_CODE_MESSAGE,
        WRONG_RECOVERY_CODE_MESSAGE,
      ],
      [401, CHALLENGE_EXPIRED_MESSAGE],
      [403, SUSPENDED_MESSAGE],
    ],
    rateLimited: TRIES,
  },
] as const satisfies readonly Endpoint[];
