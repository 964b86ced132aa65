import "server-only";

// People (STYLE.md 4): search, suggestions and public profiles, all shown through one mapping.
export { toPublicUser, publicUserColumns, type PublicUser } from "./json";
export { getPublicProfile, USER_NOT_FOUND } from "./profile";
export { searchUsers, searchUsersQuery } from "./search";
export { listSuggestedUsers } from "./suggestions";
