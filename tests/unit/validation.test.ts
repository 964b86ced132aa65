import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema } from "../../lib/validation/auth";
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  emailDomainAllowed,
} from "../../lib/validation/auth-limits";
import { isPlainLine, toPlainLine } from "../../lib/validation/fields";
import { UpdateProfileSchema } from "../../lib/validation/profile";

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
    const parsed = RegisterSchema.parse({
      name: "  Ada  ",
      username: " Ada.L ",
      email: " ada@gmail.com ",
      password: " secret pw ",
    });
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

describe("isPlainLine and toPlainLine (docs/decisions/042)", () => {
  const refused = [
    ...Array.from({ length: 0x20 }, (_, i) => i),
    ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    0x2028,
    0x2029,
    0x200e,
    0x200f,
    0x061c,
    0x202a,
    0x202b,
    0x202c,
    0x202d,
    0x202e,
    0x2066,
    0x2067,
    0x2068,
    0x2069,
  ];

  it.each(refused.map((c) => [c.toString(16).padStart(4, "0"), c]))("refuses U+%s anywhere in a line", (_hex, c) => {
    const ch = String.fromCodePoint(c as number);
    for (const value of [`${ch}Ada`, `Ada${ch}`, `A${ch}da`]) expect(isPlainLine(value)).toBe(false);
    expect(isPlainLine(toPlainLine(`A${ch}da`))).toBe(true);
  });

  it("keeps every script, accents, emoji with joiners, and no-break spaces", () => {
    for (const value of ["Zoë O'Neil", "نور الهدى", "שרה", "李娜", "👨‍👩‍👧‍👦", "Anne-Marie\u00a0Dupont", "e\u0301"]) {
      expect(isPlainLine(value)).toBe(true);
      expect(toPlainLine(value)).toBe(value);
    }
  });

  it("turns line breaks and controls into one space and drops direction marks", () => {
    expect(toPlainLine("a\r\nBcc: x")).toBe("a Bcc: x");
    expect(toPlainLine("\u202eevil\u202c")).toBe("evil");
    expect(toPlainLine("  a\t\tb\u2028c ")).toBe("a b c");
  });

  it("is what the name, username and location fields refuse, naming the field", () => {
    expect(RegisterSchema.safeParse({ ...valid, name: "\u202eevil" }).error?.issues[0]?.message).toBe(
      "Name may not contain control characters, line breaks, text-direction marks or invisible characters",
    );
    expect(RegisterSchema.safeParse({ ...valid, username: "ada\u200e" }).error?.issues[0]?.message).toBe(
      "Username may not contain control characters, line breaks, text-direction marks or invisible characters",
    );
    expect(UpdateProfileSchema.safeParse({ location: "Lyon\nFrance" }).error?.issues[0]?.message).toBe(
      "Location may not contain control characters, line breaks, text-direction marks or invisible characters",
    );
    // A bio keeps its line breaks.
    expect(UpdateProfileSchema.parse({ bio: "one\r\ntwo" }).bio).toBe("one\ntwo");
  });
});
