import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LoginSchema, RegisterSchema, ResetPasswordSchema, ForgotPasswordSchema } from "@/lib/validation/auth";
import {
  checkBio,
  checkEmail,
  checkFilled,
  checkLocation,
  checkName,
  checkNewPassword,
  checkSignupEmail,
  checkUsername,
} from "@/lib/validation/form-checks";
import { UpdateProfileSchema } from "@/lib/validation/profile";

// The forms' checks (lib/validation/form-checks.ts) say what the server's schemas say, in the same
// words, for what a person can type (docs/decisions/048-one-way-to-write-a-form.md).

function serverIssues(schema: z.ZodType, body: Record<string, unknown>) {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const GOOD = { name: "Ada Lovelace", username: "ada_l", email: "ada@gmail.com", password: "a long password" };

describe("the sign-up form's checks", () => {
  it.each([
    ["nothing wrong", {}],
    ["three bad fields", { name: "  ", username: "a!", password: "short" }],
    ["a long name", { name: "n".repeat(81) }],
    ["a long username", { username: "u".repeat(31) }],
    ["an upper-case username", { username: "Ada_L" }],
    ["an empty username", { username: "" }],
    ["an empty email", { email: "" }],
    ["an email without a domain", { email: "ada@" }],
    ["a long password", { password: "p".repeat(129) }],
    ["an empty password", { password: "" }],
  ])("%s: the same issues as the server", (_label, override) => {
    const v = { ...GOOD, ...override };
    const client = [
      ...checkName(v.name),
      ...checkUsername(v.username),
      ...checkSignupEmail(v.email, ["gmail.com"]),
      ...checkNewPassword(v.password),
    ];
    expect(client).toEqual(serverIssues(RegisterSchema, v));
  });

  it("refuses another domain with the message the server gives", () => {
    expect(checkSignupEmail("ada@yahoo.com", ["gmail.com"])).toEqual([
      { path: "email", message: "Please use a Gmail address (must end with @gmail.com)" },
    ]);
  });
});

describe("the other forms' checks", () => {
  it("login: both fields are required, in the server's words", () => {
    const v = { username: " ", password: "" };
    expect([
      ...checkFilled("username", "Username", v.username, { trim: true }),
      ...checkFilled("password", "Password", v.password),
    ]).toEqual(serverIssues(LoginSchema, v));
  });

  it.each(["", "not-an-email", "ada@gmail.com"])("forgot password: %j as the server sees it", (email) => {
    expect(checkEmail(email)).toEqual(serverIssues(ForgotPasswordSchema, { email }));
  });

  it.each(["", "short", "p".repeat(129), "long enough"])("reset password: %j as the server sees it", (password) => {
    expect(checkNewPassword(password)).toEqual(serverIssues(ResetPasswordSchema, { password }));
  });

  it.each([
    ["nothing wrong", {}],
    ["an empty name and a short username", { name: "", username: "ab" }],
    ["a bio over 500", { bio: "b".repeat(501) }],
    ["a location over 100", { location: "l".repeat(101) }],
  ])("profile, %s: the same issues as the server", (_label, override) => {
    const v = { name: "Ada", username: "ada_l", bio: "", location: "", ...override };
    expect([
      ...checkName(v.name),
      ...checkUsername(v.username),
      ...checkBio(v.bio),
      ...checkLocation(v.location),
    ]).toEqual(serverIssues(UpdateProfileSchema, v));
  });
});
