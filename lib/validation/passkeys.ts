import { z } from "zod";
import { isPlainLine, notAllowedInLineMessage, text } from "./fields";
import { PASSKEY_NAME_MAX } from "./passkey-limits";
import { eitherCode, stepUpPassword } from "./two-factor";
import { NAME_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";

export const CREDENTIAL_TYPE_MESSAGE = "Credential type must be public-key";

// What a browser's WebAuthn answers look like as JSON (@simplewebauthn/browser's toJSON): base64url
// strings, each bounded; anything else the authenticator adds is kept for the verifier to judge.
const b64url = (label: string, max: number) =>
  text(label, { maxUnits: max }).regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);

export const passkeyNameField = text("Name", {
  maxUnits: 4 * PASSKEY_NAME_MAX,
  tooLong: `Name must be at most ${PASSKEY_NAME_MAX} characters`,
})
  .trim()
  .refine(isPlainLine, { error: notAllowedInLineMessage("Name"), abort: true })
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`);

const credentialBase = {
  id: b64url("Credential id", 1400),
  rawId: b64url("Credential id", 1400),
  type: z.literal("public-key", CREDENTIAL_TYPE_MESSAGE),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/**
 * POST /api/auth/passkeys/options: who is asking, beyond the session (docs/decisions/096): the
 * password when the account has one, a code when two-factor sign-in is on.
 */
export const PasskeyOptionsSchema = z.object({ password: stepUpPassword, code: eitherCode.optional() });

/** POST /api/auth/passkeys: a new passkey's attestation, and what to call it. */
export const AddPasskeySchema = z.object({
  name: passkeyNameField.optional(),
  response: z.object({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url("Client data", 4096),
      attestationObject: b64url("Attestation", 8192),
      transports: z
        .array(text("Transport", { maxUnits: 20 }))
        .max(10)
        .optional(),
    }),
  }),
});

/** POST /api/auth/passkey-login: a passkey's signature over the login challenge. */
export const PasskeyLoginSchema = z.object({
  response: z.object({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url("Client data", 4096),
      authenticatorData: b64url("Authenticator data", 4096),
      signature: b64url("Signature", 8192),
      userHandle: b64url("User handle", 100).optional(),
    }),
  }),
});

/** PUT /api/auth/passkeys/{id}. */
export const RenamePasskeySchema = z.object({ name: passkeyNameField });

export type AddPasskeyInput = z.infer<typeof AddPasskeySchema>;
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginSchema>;
