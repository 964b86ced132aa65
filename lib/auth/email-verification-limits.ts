// The verification links' words (lib/auth/email-verification.ts): plain values, for the page and the API reference too.

/** A link opened again once its address is verified: nothing is wrong, and "expired" worried people. */
export const LINK_USED_ADDRESS_VERIFIED = "This link was already used: your email address is verified";
export const INVALID_TOKEN = "Invalid or expired token";
export const CONFIRM_WITH_PASSWORD = "Sign in to this account or enter its password to confirm the address";
export const EMAIL_VERIFIED = "Email verified";
