import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { refusalOf } from "./refusals";
import { SOMETHING_WENT_WRONG } from "@/lib/errors";

// The signed-out calls of the auth screens (docs/api.md "Authentication"). Each resolves with what
// the screen needs, or rejects with a Refusal (the server's message and its refused fields) or an
// ApiError of status 0 when the request never reached us. No client/query-client.ts here: the
// sign-in pages carry no query client (docs/decisions/017).

/** The auth screens' own sentences, when the server's words cannot be shown (docs/decisions/107). */
export const FORGOT_FAILED = "Error sending email";
export const RESET_FAILED = "Reset failed";
export const VERIFY_FAILED = "Verification failed";
export const CANCEL_SIGNUP_FAILED = "Could not cancel the sign-up";
export const UNDO_CHANGE_FAILED = "Could not undo the change";
export const NOT_ME_FAILED = "Could not end the ways in";
export const CHANGE_ADDRESS_FAILED = "Could not change the address";

/** apiFetch, with a request that never reached us as an ApiError of status 0 saying `fallback`, and a refusal as a Refusal. */
async function request(path: string, init: Parameters<typeof apiFetch>[1], fallback: string): Promise<Response> {
  let res: Response;
  try {
    res = await apiFetch(path, init);
  } catch {
    throw new ApiError(0, fallback);
  }
  if (!res.ok) throw await refusalOf(res, fallback);
  return res;
}

function post(path: string, body: unknown, fallback: string): Promise<Response> {
  return request(
    path,
    { method: "POST", token: null, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    fallback,
  );
}

export interface SignUpFields {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** POST /auth/register: the new account's session token (signed in at once, docs/decisions/011). */
export async function signUp(fields: SignUpFields): Promise<string> {
  return (
    await answerOf(
      "POST /api/auth/register",
      await post(apiPath("POST /api/auth/register"), fields, SOMETHING_WENT_WRONG),
    )
  ).token;
}

/** What a login gives: the session token, or the challenge of the code step (docs/decisions/073). */
export type LoginOutcome = { token: string } | { challenge: string };

/** POST /auth/login with a username or an email address. */
export async function logIn(fields: { username: string; password: string }): Promise<LoginOutcome> {
  const answer = await answerOf(
    "POST /api/auth/login",
    await post(apiPath("POST /api/auth/login"), fields, SOMETHING_WENT_WRONG),
  );
  return "token" in answer ? { token: answer.token } : { challenge: answer.challenge };
}

/** POST /auth/2fa/verify: the challenge and a code (or a recovery code) give the session token. */
export async function verifyTwoFactor(
  fields: { challenge: string } & ({ code: string } | { recoveryCode: string }),
): Promise<string> {
  return (
    await answerOf(
      "POST /api/auth/2fa/verify",
      await post(apiPath("POST /api/auth/2fa/verify"), fields, SOMETHING_WENT_WRONG),
    )
  ).token;
}

export async function requestPasswordReset(fields: { email: string }): Promise<void> {
  await post(apiPath("POST /api/auth/forgot-password"), fields, FORGOT_FAILED);
}

export async function resetPassword(
  resetToken: string,
  fields: { password: string; removePasskeys?: boolean },
): Promise<void> {
  await post(apiPath("POST /api/auth/reset-password/{token}", { token: resetToken }), fields, RESET_FAILED);
}

/** POST /auth/verify-email/{token}: with the account's password when this browser is not signed in to it. */
export async function verifyEmail(verifyToken: string, fields: { password?: string }): Promise<void> {
  // Signed in, the session proves who asks: the stored token goes with this one.
  const path = apiPath("POST /api/auth/verify-email/{token}", { token: verifyToken });
  await request(
    path,
    { method: "POST", ...(fields.password === undefined ? {} : { body: JSON.stringify(fields) }) },
    VERIFY_FAILED,
  );
}

/** POST /auth/cancel-signup/{token}: "This wasn't me" (docs/decisions/011). */
export async function cancelSignup(cancelToken: string): Promise<void> {
  await post(apiPath("POST /api/auth/cancel-signup/{token}", { token: cancelToken }), undefined, CANCEL_SIGNUP_FAILED);
}

/** POST /auth/undo-email-change/{token}: the link mailed to the address a change left (docs/decisions/072); no session needed. */
export async function undoEmailChange(undoToken: string): Promise<void> {
  await post(apiPath("POST /api/auth/undo-email-change/{token}", { token: undoToken }), undefined, UNDO_CHANGE_FAILED);
}

/** POST /auth/not-me/{token}: "This was not me" from the notice of a new way in (docs/decisions/101); no session needed. */
export async function notMe(notMeToken: string): Promise<void> {
  await post(apiPath("POST /api/auth/not-me/{token}", { token: notMeToken }), undefined, NOT_ME_FAILED);
}

/** POST /auth/change-email/{token}: the link mailed to a new address (docs/decisions/072); no session needed. */
export async function confirmEmailChange(changeToken: string): Promise<void> {
  await post(apiPath("POST /api/auth/change-email/{token}", { token: changeToken }), undefined, CHANGE_ADDRESS_FAILED);
}
