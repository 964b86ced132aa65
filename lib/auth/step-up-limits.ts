import { PASSWORD_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";
import {
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "@/lib/validation/two-factor-limits";
import { WRONG_PASSWORD_MESSAGE } from "./password-change-limits";
// Proving it is you beside a session (lib/auth/step-up.ts, docs/decisions/096): plain values, for
// the forms and the API reference too.

/** A Google-only account proves it is its owner by a sign-in at most this long ago. */
export const RECENT_SIGN_IN_MINUTES = 10;
/** tests/api's names for the refusals' words, whose one homes are lib/validation (docs/decisions/107). */
export const STEP_UP_PASSWORD_MESSAGE = PASSWORD_REQUIRED_MESSAGE;
export const STEP_UP_CODE_MESSAGE = TWO_FACTOR_CODE_REQUIRED_MESSAGE;
export const SIGN_IN_AGAIN_MESSAGE = `This account signs in with Google: sign in with Google again, then do this within ${RECENT_SIGN_IN_MINUTES} minutes`;

/** The 400s of a proof that fails, beside its field: the API reference lists them for every call that asks for one. */
export const STEP_UP_REFUSALS = [
  PASSWORD_REQUIRED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
] as const;
