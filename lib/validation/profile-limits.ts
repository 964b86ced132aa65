// The limits of PUT /api/myprofile (docs/api.md "My profile and community", docs/product.md §5), without zod,
// so the profile form can show them; ./profile.ts builds the server's schema on these.

export const BIO_MAX = 500;
export const LOCATION_MAX = 100;
export const BIO_TOO_LONG_MESSAGE = `Bio must be at most ${BIO_MAX} characters`;
export const LOCATION_TOO_LONG_MESSAGE = `Location must be at most ${LOCATION_MAX} characters`;
export const PROFILE_IMAGE_URL_MESSAGE = "Profile image must be an image URL from this server";
