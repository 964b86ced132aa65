// A photo uploaded for a page before the page is saved (docs/decisions/133).

/** How long an uploaded photo waits for the save that names it. */
export const PHOTO_UPLOAD_HOURS = 12;
/** How many may wait at once per person: six pages' worth of photos. */
export const PHOTO_UPLOADS_WAITING_MAX = 36;
export const PHOTO_UPLOADS_WAITING_MESSAGE = `At most ${PHOTO_UPLOADS_WAITING_MAX} photos can wait to be saved with a page: save the page, or try again later`;
export const PHOTO_UPLOAD_GONE_MESSAGE = `A photo of this page is no longer waiting to be saved (an upload waits ${PHOTO_UPLOAD_HOURS} hours): add it again`;
export const PHOTO_NOT_ON_PAGE_MESSAGE = "A photo to keep is not on this page";
export const PHOTO_MISSING_MESSAGE = "Choose a photo to upload";
/** A photo sealed for a locked page (docs/decisions/139), named by a readable save. */
export const SEALED_UPLOAD_READABLE_MESSAGE =
  "This photo was sealed for a locked page: a page that is not locked cannot keep it. Add the photo again";
/** An upload is readable (`image`) or sealed (`sealedImage`), never both. */
export const PHOTO_ONE_WAY_MESSAGE = "Send the photo as image or as sealedImage, not both";
export const PHOTOS_WITH_IMAGE_MESSAGE =
  "Send the page's photos either as photos, or as image, removeImage and imageDescription, not both";
export const SEVERAL_PHOTOS_LOCKED_MESSAGE =
  "A page with more than one photo is locked with all of them sealed (sealedPhotos): keep one photo on it to lock it this way";
