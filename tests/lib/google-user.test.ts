import { describe, expect, it } from "vitest";
import { usernameFromName } from "../../lib/auth/google-user";
import { USERNAME_PATTERN } from "../../lib/validation/auth";

describe("usernameFromName", () => {
  it.each([
    ["Ada Lovelace", "ada_lovelace"],
    ["Zoë O'Neil", "zoe_oneil"],
    ["  J.R.R.  Tolkien ", "j.r.r._tolkien"],
    ["李小龍", "bruce"],
    ["Al", "al_writer"],
    ["A very long name that goes on and on and on", "a_very_long_name_that_goe"],
  ])("turns %j into %j", (name, expected) => {
    const username = usernameFromName(name, "bruce");
    expect(username).toBe(expected);
    expect(username).toMatch(USERNAME_PATTERN);
    // Room for the 4-digit suffix that makes it unique.
    expect(username.length).toBeLessThanOrEqual(25);
  });
});
