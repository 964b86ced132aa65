import "server-only";

// People (STYLE.md 4): search, suggestions and public profiles, every one shown through
// `toPublicUser`, which the friend lists are meant to reuse.
export { toPublicUser, publicUserColumns, type PublicUser } from "./json";
export { getPublicProfile } from "./profile";
export { searchUsers } from "./search";
export { listSuggestedUsers } from "./suggestions";
