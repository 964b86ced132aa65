import { describe, expect, it } from "vitest";
import { TOAST_DURATION, readingTime } from "@/client/toasts";

// docs/decisions/112: a toast stays long enough to read, whatever its status's own duration.
describe("readingTime", () => {
  it("leaves a short toast its status's duration", () => {
    expect(readingTime("Login failed", "Invalid credentials")).toBeLessThan(TOAST_DURATION.error);
    expect(readingTime("Saved")).toBeLessThan(TOAST_DURATION.success);
  });

  it("gives a long one a second and 60 ms a character, at most ten seconds", () => {
    const description = "Your friend request could not be sent because the server is being restarted.";
    expect(readingTime("Could not send", description)).toBe(1000 + 60 * ("Could not send".length + description.length));
    expect(readingTime("x".repeat(500))).toBe(10_000);
  });
});
