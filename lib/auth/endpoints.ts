import {
  LINK_USED_ADDRESS_VERIFIED,
  INVALID_TOKEN,
  CONFIRM_WITH_PASSWORD,
  EMAIL_VERIFIED,
} from "@/lib/auth/email-verification-limits";
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  ConfirmSessionSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VerifyEmailSchema,
} from "@/lib/validation/auth";
import {
  SIGNUP_EMAIL_DOMAIN_MESSAGE,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  PASSWORD_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
  USERNAME_PATTERN_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  TOKEN_REQUIRED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from "@/lib/validation/auth-limits";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { notAllowedInLineMessage } from "@/lib/validation/fields";
import * as A from "@/lib/contract/answers";
import * as Sec from "@/lib/contract/security";
import {
  SESSION_NOT_FOUND_MESSAGE,
  SESSIONS_LISTED_MAX,
  SUSPENDED_MESSAGE,
  INVALID_SESSION_MESSAGE,
  NOT_STARTED_HERE_MESSAGE,
} from "@/lib/auth/session-limits";
import {
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_TOKEN_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_TAKEN_MESSAGE,
  NO_PASSWORD_FOR_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
  INVALID_EMAIL_CHANGE_TOKEN,
} from "@/lib/auth/email-change-limits";
import { NOT_ME_LINK_DAYS } from "@/lib/auth/not-me-limits";
import {
  CHANGE_PASSWORD_MAX_TRIES,
  CHANGE_PASSWORD_WINDOW_SECONDS,
  NO_PASSWORD_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  PASSWORD_RESET_MESSAGE,
} from "@/lib/auth/password-change-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { SIGNED_OUT_MESSAGE, OTHER_SESSIONS_ENDED_MESSAGE } from "@/lib/contract/messages";

// Sign-up, sign-in, sessions, passwords and email changes (lib/auth; docs/decisions/005, 013, 052).

const registerFields = {
  name: `1–${NAME_MAX} characters after trimming`,
  username: `${USERNAME_MIN}–${USERNAME_MAX} of a-z 0-9 _ . after trimming; stored lower-case, unique whatever the case`,
  email: "A valid address, unique whatever the case, on a domain of SIGNUP_EMAIL_DOMAINS (default gmail.com)",
  password: `${PASSWORD_MIN}–${PASSWORD_MAX} characters`,
};

export const AUTH_ENDPOINTS = [
  {
    method: "post",
    path: "/api/auth/register",
    tag: TAG.auth,
    summary: "Create an account",
    description:
      "Signs the new person in (the answer's token, and the httpOnly `session` cookie as a login sets it) and mails a link that proves the address (24 h, single use), with a second link that cancels the sign-up for an address owner who did not make it.",
    auth: "none",
    body: { encoding: "json", maxBytes: BODY_LIMITS.auth, schema: RegisterSchema, descriptions: registerFields },
    answers: [
      {
        status: 201,
        description: "The account and a session token",
        schema: A.RegisterAnswerSchema,
        headers: {
          "Set-Cookie":
            "The session cookie: HttpOnly, SameSite=Lax, Secure on https (and the login route's device cookie)",
        },
      },
    ],
    failures: [
      [
        400,
        NAME_REQUIRED_MESSAGE,
        notAllowedInLineMessage("Name"),
        `Username must be at least ${USERNAME_MIN} characters`,
        USERNAME_PATTERN_MESSAGE,
        EMAIL_INVALID_MESSAGE,
        `Password must be at least ${PASSWORD_MIN} characters`,
        SIGNUP_EMAIL_DOMAIN_MESSAGE,
      ],
      [409, USERNAME_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE],
    ],
    rateLimited: "SIGNUP_LIMIT_PER_HOUR sign-ups per address an hour (default 20)",
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: TAG.auth,
    summary: "Sign in with username or email, and password",
    description:
      "Sets the httpOnly `session` cookie as well. The `username` field takes the username or the account's email address, either matched whatever its case; both name one account, with one allowance of failures.",
    auth: "none",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: LoginSchema,
      descriptions: { username: "The username or the email address, whatever the case" },
    },
    answers: [
      {
        status: 200,
        description:
          "A session token and the person; or, for an account with two-factor sign-in on, `{twoFactorRequired: true, challenge}` with no token and no session cookie (POST /api/auth/2fa/verify finishes the sign-in, docs/decisions/073)",
        schema: Sec.LoginResultSchema,
        headers: {
          "Set-Cookie":
            "The session cookie: HttpOnly, SameSite=Lax, Secure on https (not when two-factor sign-in is asked for)",
        },
      },
    ],
    failures: [
      [400, USERNAME_REQUIRED_MESSAGE, PASSWORD_REQUIRED_MESSAGE],
      [401, INVALID_CREDENTIALS_MESSAGE],
      [403, SUSPENDED_MESSAGE],
    ],
    rateLimited:
      "10 failures per account (by username or email) and address in 15 minutes, 50 per account, 100 per address; a browser that signed in before keeps its own allowance (docs/decisions/013)",
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: TAG.auth,
    summary: "Sign out this session",
    description: "Revokes the token at once on every instance and clears the cookie.",
    auth: "session",
    answers: [{ status: 200, description: SIGNED_OUT_MESSAGE, schema: A.MessageSchema }],
  },
  {
    method: "get",
    path: "/api/auth/sessions",
    tag: TAG.auth,
    summary: "Where the caller is signed in",
    description: `Every live session of the caller, their own first, then the most recently used (at most ${SESSIONS_LISTED_MAX}); the browser and system are read from the user agent it signed in with (docs/decisions/070).`,
    auth: "session",
    answers: [{ status: 200, description: "The sessions", schema: Sec.SessionListSchema }],
  },
  {
    method: "delete",
    path: "/api/auth/sessions/{id}",
    tag: TAG.auth,
    summary: "End one of the caller's sessions",
    description:
      "Its token stops working at once on every instance, and its live streams end. Ending the caller's own session signs them out here and clears the cookie. Another person's session, or an unknown or malformed id, is the same 404.",
    auth: "session",
    params: { id: { description: "A session's `id` from GET /api/auth/sessions" } },
    answers: [{ status: 200, description: SIGNED_OUT_MESSAGE, schema: Sec.SessionEndedSchema }],
    failures: [[404, SESSION_NOT_FOUND_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/auth/sessions/revoke-others",
    tag: TAG.auth,
    summary: "End every session of the caller but this one",
    description: "Every other device is signed out at once; `ended` says how many sessions went. No body.",
    auth: "session",
    answers: [{ status: 200, description: OTHER_SESSIONS_ENDED_MESSAGE, schema: Sec.OtherSessionsEndedSchema }],
  },
  {
    method: "post",
    path: "/api/auth/change-password",
    tag: TAG.auth,
    summary: "Change the caller's password",
    description: `The current password is asked for: a session alone does not take the account over. Each try is counted before it is checked (${CHANGE_PASSWORD_MAX_TRIES} per account in ${CHANGE_PASSWORD_WINDOW_SECONDS / 60} minutes, then 429; the right one clears the count). On success every other session ends (their live streams too), open reset links stop working, and the account's address is mailed a notice with the way back in (docs/decisions/071). With \`removePasskeys: true\` every passkey of the account is removed too (docs/decisions/096). \`ended\` says how many sessions went.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: ChangePasswordSchema,
      descriptions: {
        currentPassword: "The password the account has now",
        newPassword: `The new one, ${PASSWORD_MIN}–${PASSWORD_MAX} characters, not the current one`,
        removePasskeys: "true: remove every passkey of the account too (left out: they stay)",
      },
    },
    answers: [{ status: 200, description: "Changed", schema: Sec.PasswordChangedSchema }],
    failures: [
      [
        400,
        CURRENT_PASSWORD_REQUIRED_MESSAGE,
        WRONG_PASSWORD_MESSAGE,
        NO_PASSWORD_MESSAGE,
        SAME_PASSWORD_MESSAGE,
        `Password must be at least ${PASSWORD_MIN} characters`,
      ],
    ],
    rateLimited: `${CHANGE_PASSWORD_MAX_TRIES} tries per account in ${CHANGE_PASSWORD_WINDOW_SECONDS / 60} minutes`,
  },
  {
    method: "post",
    path: "/api/auth/change-email",
    tag: TAG.auth,
    summary: "Ask to move the account to another email address",
    description: `The new address must be at a domain sign-up accepts (\`SIGNUP_EMAIL_DOMAINS\`, gmail.com unless set; checked before the password). The password proves the person (its tries are counted with the password change's, ${CHANGE_PASSWORD_MAX_TRIES} in ${CHANGE_PASSWORD_WINDOW_SECONDS / 60} minutes per account). A link valid ${EMAIL_CHANGE_TOKEN_HOURS} hours is mailed to the new address (an earlier open one stops working), and the current address is told at once. Nothing changes until the link is opened (docs/decisions/072).`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: ChangeEmailSchema,
      descriptions: { newEmail: "The address to move to", password: "The account's current password" },
    },
    answers: [{ status: 200, description: "The link is on its way", schema: Sec.EmailChangeSentSchema }],
    failures: [
      [
        400,
        PASSWORD_REQUIRED_MESSAGE,
        WRONG_PASSWORD_MESSAGE,
        NO_PASSWORD_FOR_EMAIL_MESSAGE,
        SAME_EMAIL_MESSAGE,
        EMAIL_INVALID_MESSAGE,
        SIGNUP_EMAIL_DOMAIN_MESSAGE,
      ],
      [409, EMAIL_TAKEN_MESSAGE],
    ],
    rateLimited: `${EMAIL_CHANGE_MAX_PER_HOUR} asks per account an hour (each one two mails)`,
  },
  {
    method: "post",
    path: "/api/auth/change-email/{token}",
    tag: TAG.auth,
    summary: "Confirm a new email address with its mailed link",
    description: `Single-use. The account takes the new address, verified; every other open link of the account (verification, reset, other changes) stops working. Needs no session: the change was asked for with the password. An address another account took meanwhile is a 409 and nothing changes. The old address gets a mail saying so, with a link that undoes the change for ${EMAIL_CHANGE_UNDO_DAYS} days (POST /api/auth/undo-email-change/{token}).`,
    auth: "none",
    params: { token: { description: "The token of the mailed link" } },
    answers: [{ status: 200, description: "Changed", schema: Sec.EmailChangedSchema }],
    failures: [
      [400, INVALID_EMAIL_CHANGE_TOKEN],
      [409, EMAIL_TAKEN_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/auth/undo-email-change/{token}",
    tag: TAG.auth,
    summary: "Undo a change of address from the address it left",
    description: `The link mailed to the old address when a change completed, single-use, for ${EMAIL_CHANGE_UNDO_DAYS} days; it proves that mailbox, so no session is needed (docs/decisions/072). The account takes the old address back, verified, and every way in ends: sessions, trusted devices, passkeys, two-factor sign-in and its recovery codes, pending changes, open links, the password and the link to a Google account. A link to choose a new password is mailed to the address. Undo links of later changes stop working; earlier ones do not. An old address another account took since is a 409 and nothing changes.`,
    auth: "none",
    params: { token: { description: "The token of the mailed link" } },
    answers: [{ status: 200, description: "Undone", schema: Sec.EmailChangeUndoneSchema }],
    failures: [
      [400, INVALID_EMAIL_CHANGE_TOKEN],
      [409, EMAIL_TAKEN_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/auth/not-me/{token}",
    tag: TAG.auth,
    summary: "“This was not me”: end every way in from the notice of a new one",
    description: `The link in the mail that says two-factor sign-in was turned on or a passkey was added, sent only to the account's verified address; single-use, for ${NOT_ME_LINK_DAYS} days. It proves that mailbox, so no session is needed (docs/decisions/101). Every way in ends, those made after the link was sent too: sessions, trusted devices, passkeys, two-factor sign-in and its recovery codes, pending changes of address, open links (every other “This was not me” link of the account included), the password and the link to a Google account. A link to choose a new password is mailed to the address. A link whose address the account no longer has (it moved since) is refused, and stays used.`,
    auth: "none",
    params: { token: { description: "The token of the mailed link" } },
    answers: [{ status: 200, description: "Every way in ended", schema: Sec.NotMeDoneSchema }],
    failures: [[400, INVALID_EMAIL_CHANGE_TOKEN]],
  },
  {
    method: "get",
    path: "/api/auth/me",
    tag: TAG.auth,
    summary: "The signed-in person",
    description:
      "Also sets the `session` cookie when the call came with the bearer token only. Besides the fields of `Me`, `deletionDueAt` (docs/decisions/084: the signed-in screens are static shells and learn it here).",
    auth: "session",
    answers: [{ status: 200, description: "The person", schema: A.SessionMeSchema }],
  },
  {
    method: "post",
    path: "/api/auth/confirm-session",
    tag: TAG.auth,
    summary: "Confirm the token /oauth-success received",
    description:
      "Answers 200 only when the token is the one the Google callback set as this browser's session cookie (docs/decisions/012). Never sets or clears a cookie.",
    auth: "none",
    body: { encoding: "json", maxBytes: BODY_LIMITS.auth, schema: ConfirmSessionSchema },
    answers: [{ status: 200, description: "The token is this browser's", schema: A.MessageSchema }],
    failures: [
      [400, TOKEN_REQUIRED_MESSAGE],
      [401, INVALID_SESSION_MESSAGE],
      [403, NOT_STARTED_HERE_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    tag: TAG.auth,
    summary: "Mail a password-reset link",
    description:
      "The same answer, as fast, whether or not an account has that email. The link opens /reset-password/{token} on APP_URL, or on the request's Origin when it is in CORS_ORIGINS; it works once, for 30 minutes.",
    auth: "none",
    body: { encoding: "json", maxBytes: BODY_LIMITS.auth, schema: ForgotPasswordSchema },
    answers: [
      {
        status: 200,
        description: "The same message whether or not an account has that email",
        schema: A.MessageSchema,
      },
    ],
    failures: [[400, EMAIL_REQUIRED_MESSAGE, EMAIL_INVALID_MESSAGE]],
    rateLimited: "5 an hour per email, 20 per address",
  },
  {
    method: "post",
    path: "/api/auth/reset-password/{token}",
    tag: TAG.auth,
    summary: "Set a new password with a reset link",
    description:
      "The token is single-use; every session of the account is revoked, and the email counts as proven. With `removePasskeys: true` every passkey of the account is removed too (docs/decisions/096).",
    auth: "none",
    params: { token: { description: "The token of the mailed link" } },
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: ResetPasswordSchema,
      descriptions: {
        password: registerFields.password,
        removePasskeys: "true: remove every passkey of the account too (left out: they stay)",
      },
    },
    answers: [{ status: 200, description: PASSWORD_RESET_MESSAGE, schema: A.MessageSchema }],
    failures: [
      [
        400,
        INVALID_TOKEN,
        `Password must be at least ${PASSWORD_MIN} characters`,
        `Password must be at most ${PASSWORD_MAX} characters`,
      ],
    ],
    rateLimited: "20 attempts an hour per address, valid links or not",
  },
  {
    method: "post",
    path: "/api/auth/verify-email/{token}",
    tag: TAG.auth,
    summary: "Prove an email address with the mailed link",
    description:
      "The link proves the mailbox; the caller must also be signed in to the link's account (bearer token or `session` cookie) or give its password, so the owner of an address someone else signed up with cannot confirm it for them (docs/decisions/011). Without a session of that account, a body with the password is needed.",
    auth: "none",
    params: { token: { description: "The token of the link mailed at sign-up (24 h, single use)" } },
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: VerifyEmailSchema,
      descriptions: { password: "The account's password; not needed when signed in to it" },
    },
    answers: [{ status: 200, description: EMAIL_VERIFIED, schema: A.MessageSchema }],
    failures: [
      [400, INVALID_TOKEN, LINK_USED_ADDRESS_VERIFIED, PASSWORD_REQUIRED_MESSAGE],
      [401, CONFIRM_WITH_PASSWORD, INVALID_CREDENTIALS_MESSAGE],
    ],
    rateLimited: "10 wrong passwords per account in 15 minutes",
  },
  {
    method: "post",
    path: "/api/auth/cancel-signup/{token}",
    tag: TAG.auth,
    summary: "Cancel a sign-up made with someone else's address ('This wasn't me')",
    description:
      "The second link of the verification mail. Deletes the account the link was mailed for, with everything in it, while its address is unverified; the address and the username are free again (docs/decisions/011).",
    auth: "none",
    params: { token: { description: "The token of the verification link (24 h, single use)" } },
    answers: [{ status: 200, description: "The account is deleted", schema: A.MessageSchema }],
    failures: [[400, INVALID_TOKEN]],
  },
  {
    method: "post",
    path: "/api/auth/verify-email",
    tag: TAG.auth,
    summary: "Mail the caller a new verification link",
    auth: "session",
    answers: [
      { status: 200, description: "A new link was sent, or the address is already verified", schema: A.MessageSchema },
    ],
    rateLimited: "5 an hour per person",
  },
  {
    method: "get",
    path: "/api/auth/google",
    tag: TAG.auth,
    summary: "Start Google sign-in (a full-page navigation)",
    description:
      "Redirects into Google's sign-in (through next-auth, which may first bounce once through this address with `step=2`). The sign-in ends on /oauth-success?token=… (or /login#challenge=… for an account with two-factor sign-in on) or /login?error=oauth, on our origin or on the allowed origin it was started from; without Google configured, on /login?error=google-not-configured.",
    auth: "none",
    answers: [
      {
        status: 302,
        description: "To Google, or back to this address once to set next-auth's CSRF cookie",
        headers: { Location: "The next step" },
      },
    ],
  },
  {
    method: "get",
    path: "/api/auth/callback/google",
    tag: TAG.auth,
    summary: "Google's return address (the OAuth redirect URI)",
    description:
      "Finds or creates the person (docs/decisions/008, 011), sets the session cookie and sends the browser to /oauth-success?token=…; on any failure to /login?error=oauth. An account with two-factor sign-in on gets no session and no cookie: the browser goes to /login#challenge=… (the fragment), whose code step calls POST /api/auth/2fa/verify (docs/decisions/073).",
    auth: "none",
    answers: [
      {
        status: 302,
        description: "To /oauth-success, /login#challenge=… or /login?error=oauth",
        headers: { Location: "The landing page" },
      },
    ],
  },
] as const satisfies readonly Endpoint[];
