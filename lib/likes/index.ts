import "server-only";

// Hearts (docs/style.md 4): a like row per person and entry, and the entry's counter kept equal to them.
export { likeJournal, listLikedJournals, unlikeJournal } from "./hearts";
