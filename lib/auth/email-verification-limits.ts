// The verification links' words (lib/auth/email-verification.ts): plain values, for the page and the API reference too.

/** A link opened again once its address is verified: nothing is wrong, and "expired" worried people. */
export const LINK_USED_ADDRESS_VERIFIED = "This link was already used: your email address is verified";
