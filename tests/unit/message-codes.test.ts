import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGE_CODES, VARIABLE_MESSAGE_CODES, codeOf, errorBody } from "@/lib/http/message-codes";
import { cooldownMessage } from "@/lib/friends/limits";
import { importUnexpectedFileMessage } from "@/lib/imports/limits";
import { signupDomainMessage } from "@/lib/validation/auth-limits";
import { notAllowedInLineMessage, text } from "@/lib/validation/fields";
import { passwordField } from "@/lib/validation/auth";
import { USERNAME_IS_TAKEN_MESSAGE } from "@/lib/users/messages";
import { MESSAGE_CODES_FILE, messageCodes, renderMessageCodes } from "../../scripts/message-codes";

// docs/decisions/142: every error answer names its message with a stable code.

describe("message codes", () => {
  it("are current in lib/http/message-codes.json (npm run docs:api writes them)", async () => {
    expect(fs.readFileSync(MESSAGE_CODES_FILE, "utf8")).toBe(renderMessageCodes(await messageCodes()));
  });

  it("name a constant's message by its constant, less _MESSAGE", () => {
    expect(codeOf(USERNAME_IS_TAKEN_MESSAGE, 409)).toBe("USERNAME_IS_TAKEN");
    expect(MESSAGE_CODES.USERNAME_IS_TAKEN).toBe(USERNAME_IS_TAKEN_MESSAGE);
    expect(codeOf("Authentication required", 401)).toBe("AUTHENTICATION_REQUIRED");
    expect(Object.keys(MESSAGE_CODES).length).toBeGreaterThan(250);
  });

  it("name a message built from values by its kind, whichever values it was built from", () => {
    const issue = (schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }, value: unknown) =>
      schema.safeParse(value).error!.issues[0]!.message;
    const field = text("Location", { maxUnits: 3 });
    const made: [string, keyof typeof VARIABLE_MESSAGE_CODES][] = [
      ["Method not allowed. Use GET, POST.", "METHOD_NOT_ALLOWED"],
      [cooldownMessage(7 * 24 * 60 * 60), "FRIEND_REQUEST_COOLDOWN"],
      [cooldownMessage(60), "FRIEND_REQUEST_COOLDOWN"],
      [importUnexpectedFileMessage("notes/readme.txt"), "IMPORT_UNEXPECTED_FILE"],
      [signupDomainMessage(["a.example", "b.example"]), "SIGNUP_EMAIL_DOMAIN"],
      [issue(field, undefined), "FIELD_REQUIRED"],
      [issue(field, 5), "FIELD_NOT_TEXT"],
      [issue(field, "four"), "FIELD_TOO_LONG"],
      [issue(field, "a\0"), "FIELD_CHARACTER"],
      [issue(passwordField, "short"), "FIELD_TOO_SHORT"],
      [issue(passwordField, "p".repeat(200)), "FIELD_TOO_LONG"],
      [notAllowedInLineMessage("Location"), "FIELD_NOT_ONE_LINE"],
      ['isAnonymous must be "true" or "false"', "FIELD_NOT_BOOLEAN"],
      [issue(z.strictObject({}), { extra: 1 }), "FIELD_UNKNOWN"],
      [issue(z.object({ a: z.object({}) }), { a: "text" }), "FIELD_INVALID"],
      [issue(z.int().min(3), 1), "FIELD_INVALID"],
      ["Page must be a whole number", "NUMBER_NOT_WHOLE"],
      ["Offset must be at most 10000", "NUMBER_TOO_LARGE"],
    ];
    expect(made.map(([message]) => codeOf(message, 400))).toEqual(made.map(([, code]) => code));
  });

  it("keep the two kinds apart, and leave a message of neither to its status", () => {
    const constants = new Set(Object.keys(MESSAGE_CODES));
    // One alone is both: the default domain's sentence is a constant, another domain's is built.
    expect(Object.keys(VARIABLE_MESSAGE_CODES).filter((code) => constants.has(code))).toEqual(["SIGNUP_EMAIL_DOMAIN"]);
    expect(codeOf("A sentence written nowhere", 418)).toBe("HTTP_418");
  });

  it("go on every field's issue too", () => {
    expect(
      errorBody(400, "Name is required", [
        { path: "name", message: "Name is required" },
        { path: "username", message: "Username is required" },
      ]),
    ).toEqual({
      message: "Name is required",
      code: "NAME_REQUIRED",
      errors: [
        { path: "name", message: "Name is required", code: "NAME_REQUIRED" },
        { path: "username", message: "Username is required", code: "USERNAME_REQUIRED" },
      ],
    });
  });
});
