// Passkeys (lib/auth/passkeys.ts, docs/decisions/079): plain values, for the forms and the API reference too.

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may have. */
export const PASSKEYS_MAX = 20;
/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkey sign-ins tried from one address in the window, right or wrong (a right one gives its try back). */
export const PASSKEY_LOGINS_PER_WINDOW = 20;
/** Challenges one address may ask for in the window, for signing in. */
export const PASSKEY_CHALLENGES_PER_WINDOW = 60;
export const PASSKEY_WINDOW_SECONDS = 15 * 60;

export const PASSKEY_NOT_FOUND_MESSAGE = "Passkey not found";
export const PASSKEY_REFUSED_MESSAGE = "That passkey could not be used to sign in";
export const PASSKEY_NOT_SAVED_MESSAGE = "That passkey could not be added";
export const PASSKEY_EXPIRED_MESSAGE = "The passkey request expired; please try again";
export const TOO_MANY_PASSKEYS_MESSAGE = `An account can have at most ${PASSKEYS_MAX} passkeys; remove one first`;
export const PASSKEY_ALREADY_ADDED_MESSAGE = "That passkey is already added";
