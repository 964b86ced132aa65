// People's refusals (lib/users): plain values, no `server-only`, for the endpoints' definitions of
// every domain that answers them (docs/decisions/107).
export const USER_NOT_FOUND = "User not found";
export const USERNAME_IS_TAKEN_MESSAGE = "Username is already taken";
export const PROFILE_IMAGE_GONE_MESSAGE = "That profile image is no longer available: upload it again";
export const PROFILE_IMAGE_MISSING_MESSAGE = "Choose an image to upload (the image field is empty)";
