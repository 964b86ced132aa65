// What the forms check before they send (docs/decisions/048-one-way-to-write-a-form.md): the
// issues the server's schemas (./auth.ts, ./profile.ts) would find in what a person types, with
// the same messages, without zod (the browser does not download a schema library for them).
// The server checks everything again; tests/unit/form-checks.test.ts keeps the two in step.

import type { FieldIssue } from "@/lib/errors";
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  emailDomainAllowed,
  signupDomainMessage,
  NAME_REQUIRED_MESSAGE,
  USERNAME_PATTERN_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
} from "./auth-limits";
import { BIO_MAX, BIO_TOO_LONG_MESSAGE, LOCATION_MAX, LOCATION_TOO_LONG_MESSAGE } from "./profile-limits";

const EMAIL_MAX = 254;
// A rough shape only: the server's check is the real one.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const issues = (path: string, messages: (string | false)[]): FieldIssue[] =>
  messages.filter((m): m is string => typeof m === "string").map((message) => ({ path, message }));

export function checkName(value: string): FieldIssue[] {
  const name = value.trim();
  return issues("name", [
    !name && NAME_REQUIRED_MESSAGE,
    name.length > NAME_MAX && `Name must be at most ${NAME_MAX} characters`,
  ]);
}

export function checkUsername(value: string): FieldIssue[] {
  const username = value.trim().toLowerCase();
  return issues("username", [
    username.length < USERNAME_MIN && `Username must be at least ${USERNAME_MIN} characters`,
    username.length > USERNAME_MAX && `Username must be at most ${USERNAME_MAX} characters`,
    !USERNAME_PATTERN.test(username) && USERNAME_PATTERN_MESSAGE,
  ]);
}

export function checkEmail(value: string): FieldIssue[] {
  const email = value.trim();
  if (!email) return issues("email", [EMAIL_REQUIRED_MESSAGE]);
  if (email.length > EMAIL_MAX) return issues("email", [EMAIL_TOO_LONG_MESSAGE]);
  return issues("email", [!EMAIL_SHAPE.test(email) && EMAIL_INVALID_MESSAGE]);
}

/** A sign-up's address: a valid one, at a domain SIGNUP_EMAIL_DOMAINS allows (docs/product.md §5). */
export function checkSignupEmail(value: string, allowedDomains: readonly string[]): FieldIssue[] {
  const shape = checkEmail(value);
  if (shape.length) return shape;
  return issues("email", [!emailDomainAllowed(value, allowedDomains) && signupDomainMessage(allowedDomains)]);
}

/** A new password (sign-up, reset). */
export function checkNewPassword(value: string): FieldIssue[] {
  return issues("password", [
    value.length < PASSWORD_MIN && `Password must be at least ${PASSWORD_MIN} characters`,
    value.length > PASSWORD_MAX && `Password must be at most ${PASSWORD_MAX} characters`,
  ]);
}

/** A field that must not be left empty (login, the password that confirms an address). */
export function checkFilled(path: string, label: string, value: string, { trim = false } = {}): FieldIssue[] {
  return issues(path, [(trim ? value.trim() : value) === "" && `${label} is required`]);
}

/** Counted in code points, as the server and the database count it (./profile.ts). */
export function checkBio(value: string): FieldIssue[] {
  return issues("bio", [Array.from(value.replace(/\r\n?/g, "\n").trim()).length > BIO_MAX && BIO_TOO_LONG_MESSAGE]);
}

export function checkLocation(value: string): FieldIssue[] {
  return issues("location", [Array.from(value.trim()).length > LOCATION_MAX && LOCATION_TOO_LONG_MESSAGE]);
}
