import { WebAuthnError } from "@simplewebauthn/browser";
import { describe, expect, it } from "vitest";
import { PROMPT_CLOSED, promptError } from "../../client/passkey-prompts";
import { passkeyHostWarning, passkeysNeedHostName } from "../../lib/auth/passkey-host";

// docs/decisions/098: WebAuthn names the site by a host name, and browsers refuse an IP address as
// one (docs/decisions/079 takes APP_URL's host). The server says so once at start-up
// (instrumentation.ts), and the Security screen's dialog says why the browser refused.

describe("an APP_URL at an IP address", () => {
  it("needs a host name for passkeys", () => {
    for (const url of ["http://127.0.0.1:3000", "http://192.168.1.20", "https://10.0.0.5:8443/", "http://[::1]:3000"])
      expect(passkeysNeedHostName(url), url).toBe(true);
    for (const url of [
      "http://localhost:3000",
      "https://diary.example.org",
      "http://my-laptop.local:3000",
      "https://1.2.3.4.nip.io",
    ])
      expect(passkeysNeedHostName(url), url).toBe(false);
  });

  it("gets one warning line naming the origin only, and a host name to use instead", () => {
    const line = passkeyHostWarning("http://127.0.0.1:3000/some/path?token=secret")!;
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain("http://127.0.0.1:3000:");
    expect(line).toContain("http://localhost:3000");
    expect(line).not.toMatch(/secret|some\/path/);
    expect(passkeyHostWarning("http://localhost:3000")).toBeNull();
  });
});

describe("the browser's refusal of a passkey", () => {
  // What @simplewebauthn/browser throws when navigator.credentials refuses the page's address.
  const refused = (hostname: string) =>
    new WebAuthnError({
      message: `${hostname} is an invalid domain`,
      code: "ERROR_INVALID_DOMAIN",
      cause: new DOMException("This is an invalid domain.", "SecurityError"),
    });

  it("at an IP address says that passkeys need a host name", () => {
    expect(promptError(refused("127.0.0.1"), "Could not add the passkey", "127.0.0.1").message).toBe(
      "Passkeys need a host name such as localhost or a domain: the browser refuses them at an IP address (127.0.0.1). Open Inkwell at its host name and try again.",
    );
    expect(
      promptError(new DOMException("This is an invalid domain.", "SecurityError"), "Could not add the passkey", "[::1]")
        .message,
    ).toMatch(/^Passkeys need a host name .+\(\[::1\]\)/);
  });

  it("at another host name says to open Inkwell at its own address", () => {
    expect(promptError(refused("other.example"), "Could not add the passkey", "other.example").message).toBe(
      "The browser refused a passkey at this address (other.example). Open Inkwell at the address it was set up with and try again.",
    );
  });

  it("keeps a closed prompt quiet and anything else generic", () => {
    expect(
      promptError(
        new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
        "Could not add the passkey",
        "localhost",
      ).message,
    ).toBe(PROMPT_CLOSED);
    expect(promptError(new TypeError("boom"), "Could not add the passkey", "localhost").message).toBe(
      "Could not add the passkey",
    );
  });
});
