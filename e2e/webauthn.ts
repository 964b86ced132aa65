import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator for `page`: a platform authenticator with resident keys that
 * verifies its user at once, and the PRF extension (hmac-secret) the diary lock's passkeys use.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      hasPrf: true,
    },
  });
}
