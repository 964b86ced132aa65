import { z } from "zod";
import { contract, LoginAnswerSchema } from "./answers";
import {
  SIGNED_OUT_MESSAGE,
  OTHER_SESSIONS_ENDED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  TWO_FACTOR_ON_MESSAGE,
  TWO_FACTOR_OFF_MESSAGE,
  PASSKEY_ADDED_MESSAGE,
  PASSKEY_RENAMED_MESSAGE,
  PASSKEY_REMOVED_MESSAGE,
  EMAIL_CHANGE_UNDONE_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  ACCOUNT_DELETION_SCHEDULED_MESSAGE,
  ACCOUNT_DELETION_CANCELLED_MESSAGE,
  NOT_ME_DONE_MESSAGE,
} from "@/lib/contract/messages";

// The Security screen's sessions (docs/decisions/070): lib/auth/session-list.ts returns them, lib/openapi documents them.

const SessionInfoSchema = z.strictObject({
  id: z.uuid(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
});
contract.add(SessionInfoSchema, {
  id: "SessionInfo",
  description:
    "A place the person is signed in: the browser and system its user agent names (null when it names none), when it began and was last used (to the hour), and whether it is the caller's own",
});

export const SessionListSchema = z.strictObject({ sessions: z.array(SessionInfoSchema) });
export const SessionEndedSchema = z.strictObject({ message: z.literal(SIGNED_OUT_MESSAGE) });
export const OtherSessionsEndedSchema = z.strictObject({
  message: z.literal(OTHER_SESSIONS_ENDED_MESSAGE),
  ended: z.number().int().min(0),
});

export const PasswordChangedSchema = z.strictObject({
  message: z.literal(PASSWORD_CHANGED_MESSAGE),
  ended: z.number().int().min(0),
});

export const EmailChangeSentSchema = z.strictObject({
  message: z.literal(EMAIL_CHANGE_SENT_MESSAGE),
});
export const EmailChangedSchema = z.strictObject({ message: z.literal(EMAIL_CHANGED_MESSAGE) });
export const EmailChangeUndoneSchema = z.strictObject({
  message: z.literal(EMAIL_CHANGE_UNDONE_MESSAGE),
});
/** POST /api/auth/not-me/{token} (docs/decisions/101). */
export const NotMeDoneSchema = z.strictObject({
  message: z.literal(NOT_ME_DONE_MESSAGE),
});

export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export type SessionList = z.infer<typeof SessionListSchema>;

/** DELETE /api/myprofile and its undoing (docs/decisions/075). */
export const AccountDeletionScheduledSchema = z.strictObject({
  message: z.literal(ACCOUNT_DELETION_SCHEDULED_MESSAGE),
  deletionDueAt: z.iso.datetime(),
});
export const AccountDeletionCancelledSchema = z.strictObject({
  message: z.literal(ACCOUNT_DELETION_CANCELLED_MESSAGE),
});
// Two-factor sign-in (docs/decisions/073).
export const TwoFactorRequiredSchema = z.strictObject({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
contract.add(TwoFactorRequiredSchema, {
  id: "TwoFactorRequired",
  description:
    "The password (or Google) was right and the account has two-factor sign-in on: no token and no cookie yet. POST /api/auth/2fa/verify with this challenge (5 minutes, single use) and a code gives them",
});
/** A login's answer: a session (the original client's shape), or the code step. */
export const LoginResultSchema = z.union([LoginAnswerSchema, TwoFactorRequiredSchema]);
export const TwoFactorSetupSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export const TwoFactorEnabledSchema = z.strictObject({
  message: z.literal(TWO_FACTOR_ON_MESSAGE),
  recoveryCodes: z.array(z.string()),
});
export const TwoFactorDisabledSchema = z.strictObject({ message: z.literal(TWO_FACTOR_OFF_MESSAGE) });

// Passkeys (docs/decisions/079): lib/auth/passkeys.ts returns them.
const PasskeyInfoSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  synced: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
contract.add(PasskeyInfoSchema, {
  id: "PasskeyInfo",
  description:
    "A passkey the account signs in with: its name, whether the authenticator syncs it between devices, when it was added and last used",
});
export const PasskeyListSchema = z.strictObject({ passkeys: z.array(PasskeyInfoSchema) });
export const PasskeyAddedSchema = z.strictObject({
  message: z.literal(PASSKEY_ADDED_MESSAGE),
  passkey: PasskeyInfoSchema,
});
export const PasskeyRenamedSchema = z.strictObject({
  message: z.literal(PASSKEY_RENAMED_MESSAGE),
  passkey: PasskeyInfoSchema,
});
export const PasskeyRemovedSchema = z.strictObject({ message: z.literal(PASSKEY_REMOVED_MESSAGE) });
/** WebAuthn's options as JSON (the browser hands them to navigator.credentials): @simplewebauthn/server makes them. */
export const PasskeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal("public-key") })),
});
export const PasskeyRequestOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;
