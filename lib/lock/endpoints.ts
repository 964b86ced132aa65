import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import * as L from "@/lib/contract/lock";
import { ReplaceWrapsSchema, TurnOffLockSchema, TurnOnLockSchema } from "@/lib/validation/lock";
import {
  LOCK_EXISTS_MESSAGE,
  NO_LOCK_MESSAGE,
  UNVERIFIED_LOCK_MESSAGE,
  LOCK_VERIFIER_MESSAGE,
  LOCK_WRAPS_MESSAGE,
  WRONG_VERIFIER_MESSAGE,
} from "@/lib/validation/lock-limits";

import { RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN_MESSAGE, STEP_UP_REFUSALS } from "@/lib/auth/step-up-limits";

// The diary lock (lib/lock; docs/decisions/114, 115): its wrappings of the diary secret. The pages
// themselves are written through the entry endpoints, sealed.

const wrapsDescription =
  "The diary secret wrapped by each way to unlock it (WrappedSecret): exactly one passphrase (with its Argon2id salt and settings), one recovery key, and up to 10 passkeys, each by its credential id, which must be one of the caller's passkeys";
const verifierDescription =
  "32 bytes derived from the diary secret (HKDF, client/lock/crypto.ts's lockVerifier), base64url: proves a browser holds the secret. The server keeps its SHA-256";

export const LOCK_ENDPOINTS = [
  {
    method: "get",
    path: "/api/lock",
    tag: TAG.lock,
    summary: "The caller's diary lock: its wrappings and how far the pages are sealed",
    description:
      "What a device needs to unlock the diary: the wrappings (the server opens none), and the count of sealed pages and of private pages still readable, which the browser seals after the lock is turned on.",
    auth: "session",
    answers: [
      {
        status: 200,
        description: "The lock (`locked: false` and no wrappings without one)",
        schema: L.LockStateSchema,
      },
    ],
  },
  {
    method: "post",
    path: "/api/lock",
    tag: TAG.lock,
    summary: "Turn the diary lock on",
    description: `From then on a private page is stored only sealed (docs/decisions/115): a readable write of one is a 409. A session alone does not lock a diary (docs/decisions/096): the body proves the person, with the account's password when it has one and a code when two-factor sign-in is on; an account with neither (Google only) needs a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes. The address must be confirmed.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.lock,
      schema: TurnOnLockSchema,
      descriptions: {
        password: "The account's password (left out for a Google-only account)",
        code: "With two-factor sign-in on: a code from the app, or an unused recovery code",
        verifier: verifierDescription,
        wraps: wrapsDescription,
      },
    },
    answers: [{ status: 201, description: "The lock", schema: L.LockStateSchema }],
    failures: [
      [400, ...STEP_UP_REFUSALS, LOCK_VERIFIER_MESSAGE, LOCK_WRAPS_MESSAGE],
      [403, SIGN_IN_AGAIN_MESSAGE, UNVERIFIED_LOCK_MESSAGE],
      [409, LOCK_EXISTS_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/lock/off",
    tag: TAG.lock,
    summary: "Turn the diary lock off, or finish turning it off",
    description: `Turning the lock off (docs/decisions/118) begins with the person, as turning it on does (the account's password, a code when two-factor sign-in is on, or for a Google-only account a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes), and the verifier, which proves the browser holds the diary secret; the address is mailed. From then on no page is sealed (a sealed write is a 409) and the browser writes each locked page back readable, naming the revision it replaces (\`unseal\`). Asked again once no sealed page is left, with an empty body, the lock is removed: the answer says \`locked: false\`. Until then the wrappings stay, so another device can unlock and finish.`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.lock,
      schema: TurnOffLockSchema,
      descriptions: {
        password: "To begin: the account's password (left out for a Google-only account)",
        code: "To begin, with two-factor sign-in on: a code from the app, or an unused recovery code",
        verifier: `To begin: ${verifierDescription}`,
      },
    },
    answers: [
      {
        status: 200,
        description: "The lock as it is now: `turningOff` while sealed pages are left, `locked: false` once none is",
        schema: L.LockStateSchema,
      },
    ],
    failures: [
      [400, ...STEP_UP_REFUSALS, LOCK_VERIFIER_MESSAGE],
      [403, SIGN_IN_AGAIN_MESSAGE, WRONG_VERIFIER_MESSAGE],
      [404, NO_LOCK_MESSAGE],
    ],
  },
  {
    method: "put",
    path: "/api/lock/wraps",
    tag: TAG.lock,
    summary: "Replace the ways to unlock the diary",
    description:
      "A new passphrase or recovery key, a passkey added or removed: every wrapping is replaced, no page is sealed again. The verifier proves the caller's browser holds the diary secret; a session alone cannot change how the diary opens. Removing a passkey from the account drops its wrapping too.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.lock,
      schema: ReplaceWrapsSchema,
      descriptions: { verifier: verifierDescription, wraps: wrapsDescription },
    },
    answers: [{ status: 200, description: "The lock", schema: L.LockStateSchema }],
    failures: [
      [400, LOCK_VERIFIER_MESSAGE, LOCK_WRAPS_MESSAGE],
      [403, WRONG_VERIFIER_MESSAGE],
      [404, NO_LOCK_MESSAGE],
    ],
  },
] as const satisfies readonly Endpoint[];
