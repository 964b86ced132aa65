import "server-only";

// The friends' feed (docs/style.md 4): a page of their shared entries and the reads it counts.
export { listCloseCircleFeed } from "./list";
