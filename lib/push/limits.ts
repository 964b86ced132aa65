// Push notifications' limits and words (docs/decisions/082): no `server-only`, no zod, for the
// validation, the API reference and the browser.

/** Devices one person receives pushes on; a new one past it replaces the one subscribed longest ago. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** A push service's endpoint URL, in characters (the services' own are 150–500). */
export const PUSH_ENDPOINT_MAX = 1024;
/** One send to a push service, from connecting to its answer; past it the send is given up. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Hearts on one entry are pushed at most once in this long (docs/decisions/082). */
export const HEART_PUSH_INTERVAL_MINUTES = 60;

export const PUSH_ENDPOINT_MESSAGE = "Endpoint must be the https URL of a push service";
export const PUSH_ENDPOINT_HOST_MESSAGE = "Endpoint must be a push service Inkwell sends to";
export const P256DH_MESSAGE = "keys.p256dh must be a P-256 public key in base64url (87 characters)";
export const AUTH_MESSAGE = "keys.auth must be a 16-byte secret in base64url (22 characters)";
export const SUBSCRIPTION_NOT_FOUND_MESSAGE = "This device is not subscribed";

export const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The kinds a push tells of, as the settings name them. */
export const PUSH_KINDS = ["friendRequest", "friendAccepted", "heart", "reply", "reminder"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
