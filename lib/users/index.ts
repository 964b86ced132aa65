import "server-only";

// People (docs/style.md 4): search, suggestions, public profiles, the caller's own profile and profile
// pictures, every person shown through `toPublicUser`.
export { getMyProfile, updateMyProfile } from "./my-profile";
export { getPublicProfile } from "./profile";
export { verifyProfileImageQuery } from "./profile-image-url";
export {
  getProfileImage,
  PRESIGNED_PROFILE_IMAGE_SECONDS,
  PROFILE_IMAGE_CACHE_SECONDS,
  uploadProfileImage,
} from "./profile-images";
export { searchUsers } from "./search";
export { listSuggestedUsers } from "./suggestions";
