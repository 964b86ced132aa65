import { describe, expect, it } from "vitest";
import { avatarSrc } from "../../client/avatar-src";

// The Avatar draws only what the pages' CSP lets load (docs/decisions/028).

const signed =
  "https://diary.example.com/api/users/0b6c2a6e-3f1d-4c59-9a57-1f4a2b3c4d5e/avatar?v=1d2e3f40-1111-4222-8333-944455566677&u=0b6c2a6e-3f1d-4c59-9a57-1f4a2b3c4d5e&e=1800000000&s=abc";

describe("avatarSrc", () => {
  it.each([
    ["a signed URL of our avatar route", signed],
    ["the same on http (a laptop)", signed.replace("https://diary.example.com", "http://localhost:3000")],
    ["a path on this origin", "/api/users/0b6c2a6e-3f1d-4c59-9a57-1f4a2b3c4d5e/avatar"],
  ])("draws %s", (_label, url) => {
    expect(avatarSrc(url)).toBe(url);
  });

  it.each([
    ["nothing", null],
    ["an empty text", ""],
    ["an address on another site", "https://img.example/ada.png"],
    ["a Google picture", "https://lh3.googleusercontent.com/a/abc=s96-c"],
    ["a protocol-relative address", "//img.example/api/users/0b6c2a6e-3f1d-4c59-9a57-1f4a2b3c4d5e/avatar"],
    ["a data URL", "data:image/png;base64,AAAA"],
    ["javascript", "javascript:alert(1)"],
    ["not a URL", "ada.png"],
  ])("shows the initial instead of %s", (_label, url) => {
    expect(avatarSrc(url)).toBeNull();
  });
});
