// Block and mute's limits and messages (docs/decisions/067): no `server-only`, no zod, for the API
// reference (lib/openapi) and the browser.

/** People one person may block, and mute: a list anyone keeps by hand. Past it, 409. */
export const BLOCKS_MAX = 1000;
export const MUTES_MAX = 1000;

export const BLOCK_SELF_MESSAGE = "You cannot block yourself";
export const MUTE_SELF_MESSAGE = "You cannot mute yourself";
export const NOT_BLOCKED_MESSAGE = "This person is not blocked";
export const NOT_MUTED_MESSAGE = "This person is not muted";
export const TOO_MANY_BLOCKS_MESSAGE = `You can block at most ${BLOCKS_MAX} people`;
export const TOO_MANY_MUTES_MESSAGE = `You can mute at most ${MUTES_MAX} people`;
/** The blocker's own request to someone they blocked (the blocked person is told nothing: theirs is a 404). */
export const UNBLOCK_FIRST_MESSAGE = "You have blocked this person. Unblock them first.";
