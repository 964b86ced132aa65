// Private replies' limits (docs/decisions/066): no `server-only`, no zod, for the API reference
// (lib/openapi), the validation and the browser.

/** One message, in characters as a person sees them after trimming. */
export const REPLY_MAX = 500;
/** Messages one thread keeps: a private word on a diary entry, not a chat. Past it, 409. */
export const REPLIES_PER_THREAD_MAX = 100;
/** Threads per page of an entry's replies (the writer's view). */
export const REPLY_THREADS_PAGE_SIZE = 20;
/** Messages one person may send, over every entry. */
export const REPLIES_PER_HOUR = 60;

export const REPLY_REQUIRED_MESSAGE = "Write a reply";
export const REPLY_TOO_LONG_MESSAGE = `A reply must be at most ${REPLY_MAX} characters`;
export const THREAD_WITH_MESSAGE = "threadWith must be a reader's id";
export const THREAD_FULL_MESSAGE = `This conversation has reached ${REPLIES_PER_THREAD_MAX} messages`;
export const THREAD_WITH_REQUIRED_MESSAGE = "Say which reader you answer (threadWith)";
export const THREAD_NOT_FOUND_MESSAGE = "Conversation not found";
export const REPLY_NOT_FOUND_MESSAGE = "Reply not found";
