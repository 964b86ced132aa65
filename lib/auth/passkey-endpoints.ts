import { BODY_LIMITS } from "@/lib/http/body-limits";
import { SUSPENDED_MESSAGE } from "@/lib/auth/session-limits";
import * as A from "@/lib/contract/answers";
import * as Sec from "@/lib/contract/security";
import {
  AddPasskeySchema,
  PasskeyLoginSchema,
  PasskeyOptionsSchema,
  RenamePasskeySchema,
} from "@/lib/validation/passkeys";
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

import { RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN_MESSAGE, STEP_UP_REFUSALS } from "@/lib/auth/step-up-limits";

import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { NAME_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";

// Passkeys: adding, naming, removing, and signing in with one (lib/auth/passkeys.ts).

const WINDOW = `${PASSKEY_WINDOW_SECONDS / 60} minutes`;

const passkeyId = { id: { description: "A passkey's `id` from GET /api/auth/passkeys" } };

export const PASSKEY_ENDPOINTS = [
  {
    method: "get",
    path: "/api/auth/passkeys",
    tag: TAG.auth,
    summary: "The caller's passkeys",
    description: "Oldest first. Only what names them: the public keys and credential ids never leave the server.",
    auth: "session",
    answers: [{ status: 200, description: "The passkeys", schema: Sec.PasskeyListSchema }],
  },
  {
    method: "post",
    path: "/api/auth/passkeys/options",
    tag: TAG.auth,
    summary: "Begin adding a passkey",
    description: `A session alone does not add a way in (docs/decisions/096): the body proves the person, with the account's password when it has one and a code (the authenticator app's or a recovery code) when two-factor sign-in is on; an account with neither (Google only) needs a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes (403 otherwise). Answers WebAuthn's creation options for navigator.credentials.create (as JSON, @simplewebauthn/browser's startRegistration takes them): a discoverable credential for APP_URL's host, the caller's existing passkeys excluded. Its challenge may be answered once within ${PASSKEY_CHALLENGE_MINUTES} minutes.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: PasskeyOptionsSchema,
      descriptions: {
        password: "The account's password (left out for a Google-only account)",
        code: "With two-factor sign-in on: a code from the app, or an unused recovery code",
      },
    },
    answers: [{ status: 200, description: "The options", schema: Sec.PasskeyCreationOptionsSchema }],
    failures: [
      [400, ...STEP_UP_REFUSALS],
      [403, SIGN_IN_AGAIN_MESSAGE],
      [409, TOO_MANY_PASSKEYS_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/auth/passkeys",
    tag: TAG.auth,
    summary: "Add a passkey",
    description: `The browser's answer to the caller's own live challenge, checked by @simplewebauthn/server (origin APP_URL, its host as the relying party); only the public key and counter are kept. At most ${PASSKEYS_MAX} per account. Without a name it is called after the browser and system that added it. The account's address is mailed a notice, which carries a “This was not me” link (POST /api/auth/not-me/{token}) when the address is verified.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.passkey,
      schema: AddPasskeySchema,
      descriptions: {
        name: `1–${PASSKEY_NAME_MAX} characters`,
        response: "navigator.credentials.create's answer as JSON (RegistrationResponseJSON)",
      },
    },
    answers: [{ status: 201, description: "Added", schema: Sec.PasskeyAddedSchema }],
    failures: [
      [400, PASSKEY_EXPIRED_MESSAGE, PASSKEY_NOT_SAVED_MESSAGE],
      [409, TOO_MANY_PASSKEYS_MESSAGE, PASSKEY_ALREADY_ADDED_MESSAGE],
    ],
  },
  {
    method: "put",
    path: "/api/auth/passkeys/{id}",
    tag: TAG.auth,
    summary: "Rename one of the caller's passkeys",
    description: "Another person's passkey, or an unknown or malformed id, is the same 404.",
    auth: "session",
    params: passkeyId,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: RenamePasskeySchema,
      descriptions: { name: `1–${PASSKEY_NAME_MAX} characters` },
    },
    answers: [{ status: 200, description: "Renamed", schema: Sec.PasskeyRenamedSchema }],
    failures: [
      [400, NAME_REQUIRED_MESSAGE],
      [404, PASSKEY_NOT_FOUND_MESSAGE],
    ],
  },
  {
    method: "delete",
    path: "/api/auth/passkeys/{id}",
    tag: TAG.auth,
    summary: "Remove one of the caller's passkeys",
    description: "It no longer signs in. Another person's passkey, or an unknown or malformed id, is the same 404.",
    auth: "session",
    params: passkeyId,
    answers: [{ status: 200, description: "Removed", schema: Sec.PasskeyRemovedSchema }],
    failures: [[404, PASSKEY_NOT_FOUND_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/auth/passkey-login/options",
    tag: TAG.auth,
    summary: "Begin signing in with a passkey",
    description: `WebAuthn's request options for navigator.credentials.get, with no list of credentials: the browser offers the passkeys it has for this site. Its challenge may be answered once within ${PASSKEY_CHALLENGE_MINUTES} minutes.`,
    auth: "none",
    answers: [{ status: 200, description: "The options", schema: Sec.PasskeyRequestOptionsSchema }],
    rateLimited: `${PASSKEY_CHALLENGES_PER_WINDOW} per address in ${WINDOW}`,
  },
  {
    method: "post",
    path: "/api/auth/passkey-login",
    tag: TAG.auth,
    summary: "Sign in with a passkey",
    description:
      "The browser's answer to a live login challenge: its signature is checked against the passkey's public key, and its counter must be higher than the last one seen (a replayed or cloned answer is refused). Answers as POST /api/auth/login does, cookie included. A passkey is a second factor by itself: no other code is asked for.",
    auth: "none",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.passkey,
      schema: PasskeyLoginSchema,
      descriptions: { response: "navigator.credentials.get's answer as JSON (AuthenticationResponseJSON)" },
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
      [400, PASSKEY_EXPIRED_MESSAGE],
      [401, PASSKEY_REFUSED_MESSAGE],
      [403, SUSPENDED_MESSAGE],
    ],
    rateLimited: `${PASSKEY_LOGINS_PER_WINDOW} tries per address in ${WINDOW} (a success gives its try back)`,
  },
] as const satisfies readonly Endpoint[];
