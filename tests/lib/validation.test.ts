import { describe, expect, it } from "vitest";
import {
  LoginSchema,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RegisterSchema,
  USERNAME_MAX,
  USERNAME_MIN,
  emailDomainAllowed,
} from "../../lib/validation/auth";

const valid = { name: "Ada", username: "ada_l", email: "ada@gmail.com", password: "p".repeat(PASSWORD_MIN) };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}

describe("emailDomainAllowed", () => {
  it.each([
    ["ada@gmail.com", true],
    ["Ada@GMAIL.COM", true],
    ["  ada@gmail.com ", true],
    ["ada@example.com", false],
    ["ada@notgmail.com", false],
    ["ada@mail.gmail.com", false],
    ["ada@gmail.com.evil.example", false],
    ["ada@gmail.co", false],
    ["gmail.com", false],
    ["@gmail.com", false],
    ["", false],
  ])("%j → %s with the default domain", (email, expected) => {
    expect(emailDomainAllowed(email)).toBe(expected);
  });

  it("uses the configured domains", () => {
    expect(emailDomainAllowed("a@example.org", ["gmail.com", "Example.org"])).toBe(true);
    expect(emailDomainAllowed("a@gmail.com", ["example.org"])).toBe(false);
    expect(emailDomainAllowed("a@gmail.com", [])).toBe(false);
  });
});

describe("RegisterSchema", () => {
  it("exports docs/api.md's limits", () => {
    expect([NAME_MAX, USERNAME_MIN, USERNAME_MAX, PASSWORD_MIN, PASSWORD_MAX]).toEqual([80, 3, 30, 8, 128]);
  });

  it("trims the name and email, lower-cases the username, keeps the password as typed", () => {
    const parsed = RegisterSchema.parse({ name: "  Ada  ", username: " Ada.L ", email: " ada@gmail.com ", password: " secret pw " });
    expect(parsed).toEqual({ name: "Ada", username: "ada.l", email: "ada@gmail.com", password: " secret pw " });
  });

  it("drops unknown keys", () => {
    expect(RegisterSchema.parse({ ...valid, isAdmin: true })).not.toHaveProperty("isAdmin");
  });

  it.each([
    ["name", "", /Name/],
    ["name", "n".repeat(NAME_MAX + 1), /Name/],
    ["username", "ab", /Username/],
    ["username", "u".repeat(USERNAME_MAX + 1), /Username/],
    ["username", "a-b-c", /Username/],
    ["username", "émile", /Username/],
    ["email", "ada", /email/i],
    ["password", "p".repeat(PASSWORD_MIN - 1), /Password/],
    ["password", "p".repeat(PASSWORD_MAX + 1), /Password/],
    ["name", undefined, /Name is required/],
    ["password", 12345678, /Password must be text/],
    ["email", null, /Email is required/],
  ])("refuses %s=%j with a message naming it", (field, value, message) => {
    expect(firstMessage(RegisterSchema.safeParse({ ...valid, [field]: value }))).toMatch(message);
  });

  it("accepts the boundaries", () => {
    for (const over of [
      { name: "n" },
      { name: "n".repeat(NAME_MAX) },
      { username: "abc" },
      { username: "a".repeat(USERNAME_MAX) },
      { password: "p".repeat(PASSWORD_MAX) },
    ]) {
      expect(RegisterSchema.safeParse({ ...valid, ...over }).success).toBe(true);
    }
  });
});

describe("LoginSchema", () => {
  it("lower-cases and trims the username but not the password", () => {
    expect(LoginSchema.parse({ username: " Ada ", password: " Pw " })).toEqual({ username: "ada", password: " Pw " });
  });

  it.each([
    [{ password: "x" }, /Username is required/],
    [{ username: "ada" }, /Password is required/],
    [{ username: "ada", password: "" }, /Password is required/],
    [{ username: 1, password: "x" }, /Username must be text/],
  ])("refuses %j", (input, message) => {
    expect(firstMessage(LoginSchema.safeParse(input))).toMatch(message);
  });
});
