// Changing the password (lib/auth/password-change.ts): plain values, for the form and the API reference too.

/** Tries of the current password per account in the window, right or wrong (a right one clears them). */
export const CHANGE_PASSWORD_MAX_TRIES = 10;
export const CHANGE_PASSWORD_WINDOW_SECONDS = 15 * 60;
export const WRONG_PASSWORD_MESSAGE = "The current password is not right";
export const NO_PASSWORD_MESSAGE = "This account signs in with Google and has no password to change";
export const SAME_PASSWORD_MESSAGE = "Choose a password other than the current one";
export const PASSWORD_RESET_MESSAGE = "Password reset successful";
