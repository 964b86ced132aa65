// The sign-up, profile and password constants the forms need (docs/product.md §5), without zod, so the browser
// does not download a schema library for them; ./auth.ts builds the server's schemas on these.

export const NAME_MAX = 80;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DEFAULT_SIGNUP_EMAIL_DOMAIN = "gmail.com";

export const SIGNUP_EMAIL_DOMAIN_MESSAGE = "Please use a Gmail address (must end with @gmail.com)";

/**
 * Why a sign-up email was refused, shared by the form and the server: docs/product.md §5's exact text for
 * the default gmail.com, else the domains SIGNUP_EMAIL_DOMAINS allows ("at a.example or b.example").
 */
export function signupDomainMessage(domains: readonly string[] = [DEFAULT_SIGNUP_EMAIL_DOMAIN]): string {
  if (domains.length === 1 && domains[0]!.toLowerCase() === DEFAULT_SIGNUP_EMAIL_DOMAIN)
    return SIGNUP_EMAIL_DOMAIN_MESSAGE;
  return `Please use an email address at ${domainList(domains)}`;
}

/** "a.example", "a.example or b.example", "a.example, b.example or c.example". */
function domainList(domains: readonly string[]): string {
  const names = domains.map((d) => d.toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0]!;
}

/** The sign-up form's hint under Email: which addresses this server accepts (SIGNUP_EMAIL_DOMAINS). */
export function signupDomainHint(domains: readonly string[] = [DEFAULT_SIGNUP_EMAIL_DOMAIN]): string {
  return `This Inkwell accepts addresses at ${domainList(domains)}.`;
}

/** The signup rule of docs/product.md §5, shared by the form (before the call) and the server. */
export function emailDomainAllowed(email: string, domains: readonly string[] = [DEFAULT_SIGNUP_EMAIL_DOMAIN]): boolean {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  return (
    at > 0 &&
    domains.some(
      (d) =>
        email
          .trim()
          .toLowerCase()
          .slice(at + 1) === d.toLowerCase(),
    )
  );
}
export const PASSWORD_REQUIRED_MESSAGE = "Password is required";
export const NAME_REQUIRED_MESSAGE = "Name is required";
export const USERNAME_REQUIRED_MESSAGE = "Username is required";
export const USERNAME_PATTERN_MESSAGE = "Username may only contain letters, numbers, _ and .";
export const EMAIL_INVALID_MESSAGE = "Enter a valid email address";
export const EMAIL_REQUIRED_MESSAGE = "Email is required";
export const EMAIL_TOO_LONG_MESSAGE = "Email is too long";
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Current password is required";
export const TOKEN_REQUIRED_MESSAGE = "Token is required";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid credentials";
export const USERNAME_TAKEN_MESSAGE = "Username already taken";
