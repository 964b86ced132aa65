// Earlier versions and Recently deleted (lib/journals/versions.ts, docs/decisions/127): plain
// values, no `server-only`, for the endpoints' definitions and the browser too.

/** Each page keeps at most this many earlier versions, the newest. */
export const VERSIONS_MAX = 20;
/** An earlier version, or a deleted page, is kept this many days. */
export const VERSION_DAYS = 30;
/** Recently deleted holds at most this many pages a person, the newest. */
export const DELETED_MAX = 200;

export const VERSION_NOT_FOUND_MESSAGE = "That earlier version is not kept (any more)";
export const DELETED_NOT_FOUND_MESSAGE = "That page is not in Recently deleted (any more)";
export const VERSION_RESTORED_MESSAGE = "Earlier version restored";
export const DELETED_FOREVER_MESSAGE = "Deleted for good";
export const DAY_TAKEN_MESSAGE =
  "That day already has a page. Delete it or move its words first, then restore this one.";
export const SEALED_VERSION_MESSAGE =
  "A locked page's earlier version is restored by a browser that holds the diary's key.";
export const PAGE_RESTORED_MESSAGE = "Page restored";
