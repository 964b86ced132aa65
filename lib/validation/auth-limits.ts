// The sign-up, profile and password constants the forms need (docs/product.md §5), without zod, so the browser
// does not download a schema library for them; ./auth.ts builds the server's schemas on these.

export const NAME_MAX = 80;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DEFAULT_SIGNUP_EMAIL_DOMAIN = "gmail.com";

export const GMAIL_TITLE = "Invalid Email";
export const GMAIL_MESSAGE = "Please use a Gmail address (must end with @gmail.com)";

/** The signup rule of docs/product.md §5, shared by the form (before the call) and the server. */
export function emailDomainAllowed(email: string, domains: readonly string[] = [DEFAULT_SIGNUP_EMAIL_DOMAIN]): boolean {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  return at > 0 && domains.some((d) => email.trim().toLowerCase().slice(at + 1) === d.toLowerCase());
}
