import { z } from "zod";
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  PASSWORD_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
  USERNAME_PATTERN_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  TOKEN_REQUIRED_MESSAGE,
} from "./auth-limits";
import { isPlainLine, notAllowedInLineMessage, text } from "./fields";
import { eitherCode } from "./two-factor";

export const REMOVE_PASSKEYS_MESSAGE = "Remove passkeys must be true or false";

export const EMAIL_MAX = 254;

// Raw bounds (see `text`) leave room for the spaces that trimming removes.
export const nameField = text("Name", {
  maxUnits: 4 * NAME_MAX,
  tooLong: `Name must be at most ${NAME_MAX} characters`,
})
  .trim()
  .refine(isPlainLine, { error: notAllowedInLineMessage("Name"), abort: true })
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const usernameField = text("Username", {
  maxUnits: 4 * USERNAME_MAX,
  tooLong: `Username must be at most ${USERNAME_MAX} characters`,
})
  .trim()
  .refine(isPlainLine, { error: notAllowedInLineMessage("Username"), abort: true })
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, USERNAME_PATTERN_MESSAGE);

export const emailField = text("Email", { maxUnits: 2 * EMAIL_MAX })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

export const passwordField = text("Password", {
  maxUnits: PASSWORD_MAX,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
}).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const RegisterSchema = z.object({
  name: nameField,
  username: usernameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  username: text("Username", { maxUnits: 200 }).trim().toLowerCase().min(1, USERNAME_REQUIRED_MESSAGE),
  password: text("Password", { maxUnits: 1024 }).min(1, PASSWORD_REQUIRED_MESSAGE),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });

/** Whether a new password also removes every passkey of the account (docs/decisions/096); left out, they stay. */
const removePasskeysField = z.boolean(REMOVE_PASSKEYS_MESSAGE).optional();

export const ResetPasswordSchema = z.object({ password: passwordField, removePasskeys: removePasskeysField });

/** POST /api/auth/change-email (docs/decisions/072). */
export const ChangeEmailSchema = z.object({
  newEmail: emailField,
  password: text("Password", { maxUnits: 1024 }).min(1, PASSWORD_REQUIRED_MESSAGE),
});

/** POST /api/auth/change-password (docs/decisions/071). */
export const ChangePasswordSchema = z.object({
  currentPassword: text("Current password", { maxUnits: 1024 }).min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE),
  newPassword: passwordField,
  removePasskeys: removePasskeysField,
});

export const ConfirmSessionSchema = z.object({
  token: text("Token", { maxUnits: 200 }).min(1, TOKEN_REQUIRED_MESSAGE),
});

/** The optional body of POST /api/auth/verify-email/{token}: the account's password, when not signed in to it. */
export const VerifyEmailSchema = z.object({
  password: text("Password", { maxUnits: 1024 }).min(1, PASSWORD_REQUIRED_MESSAGE).optional(),
});

/**
 * DELETE /api/myprofile (docs/decisions/075): the password, which a Google-only account has none
 * of, and with two-factor sign-in on a code from the app or a recovery code.
 */
export const DeleteAccountSchema = z.object({
  password: text("Password", { maxUnits: 1024 }).min(1, PASSWORD_REQUIRED_MESSAGE).optional(),
  code: eitherCode.optional(),
});
