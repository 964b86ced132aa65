import { z } from "zod";
import { text } from "./fields";

export const NAME_MAX = 80;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const DEFAULT_SIGNUP_EMAIL_DOMAIN = "gmail.com";

export const GMAIL_TITLE = "Invalid Email";
export const GMAIL_MESSAGE = "Please use a Gmail address (must end with @gmail.com)";

export const nameField = text("Name")
  .trim()
  .min(1, "Name is required")
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const usernameField = text("Username")
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, "Username may only contain letters, numbers, _ and .");

export const emailField = text("Email")
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const passwordField = text("Password")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const RegisterSchema = z.object({
  name: nameField,
  username: usernameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  username: text("Username").trim().toLowerCase().min(1, "Username is required").max(200, "Username is too long"),
  password: text("Password").min(1, "Password is required").max(1024, "Password is too long"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The signup rule of SPEC.md §5, shared by the form (before the call) and the server. */
export function emailDomainAllowed(email: string, domains: readonly string[] = [DEFAULT_SIGNUP_EMAIL_DOMAIN]): boolean {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  return at > 0 && domains.some((d) => email.trim().toLowerCase().slice(at + 1) === d.toLowerCase());
}

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z.object({ password: passwordField });

export const ConfirmSessionSchema = z.object({
  token: text("Token").min(1, "Token is required").max(200, "Token is too long"),
});
