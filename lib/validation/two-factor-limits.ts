// Two-factor sign-in (lib/auth/two-factor.ts, docs/decisions/073): plain values, for the forms and the API reference too.

/** Digits of a code, and the seconds of each step (RFC 6238's defaults, what every authenticator app shows). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is taken too: a phone's clock may be a little off. */
export const TOTP_STEPS_AROUND = 1;
/** Tries of a code (an authenticator's or a recovery code) per account in the window, right or wrong; a right one clears them. */
export const TWO_FACTOR_MAX_TRIES = 10;
export const TWO_FACTOR_WINDOW_SECONDS = 15 * 60;
/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 16 characters of base32 (80 bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
export const TOTP_ISSUER = "Inkwell";

export const TWO_FACTOR_CODE_FORMAT_MESSAGE = `Enter the ${TOTP_DIGITS}-digit code`;
export const TWO_FACTOR_WRONG_CODE_MESSAGE = "That code is not right";
export const TWO_FACTOR_USED_CODE_MESSAGE = "That code was already used. Wait for the next one.";
export const WRONG_RECOVERY_CODE_MESSAGE = "That recovery code is not right or was already used";
export const CHALLENGE_EXPIRED_MESSAGE = "This sign-in has expired. Sign in again.";
export const TWO_FACTOR_ALREADY_ON_MESSAGE = "Two-factor sign-in is already on";
export const TWO_FACTOR_NOT_SET_UP_MESSAGE = "Set up two-factor sign-in first";
export const TWO_FACTOR_NOT_ON_MESSAGE = "Two-factor sign-in is not on";
export const TWO_FACTOR_ONE_CODE_MESSAGE = "Enter a code or a recovery code";
export const RECOVERY_CODE_FORMAT_MESSAGE = "Enter a recovery code as it was shown";
export const TWO_FACTOR_CODE_REQUIRED_MESSAGE = "Code is required";
export const CHALLENGE_REQUIRED_MESSAGE = "Challenge is required";
export const TWO_FACTOR_NO_PASSWORD_MESSAGE = "This account has no password";
