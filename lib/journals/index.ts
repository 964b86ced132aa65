import "server-only";

// Journal data access (docs/style.md 4): entries of one author, and their photos for any viewer.
export {
  getJournalImage,
  IMAGE_CACHE_SECONDS,
  IMAGE_NOT_FOUND,
  PRESIGNED_IMAGE_SECONDS,
  type JournalImage,
} from "./image";
export { journalImageUrl, verifyJournalImageQuery, type SignedImageRequest } from "./image-url";
export { toJournalJson } from "./json";
export { getJournalByDate, listMonthJournals, listUserJournals } from "./read";
export { searchDiary } from "./search";
export { listTags, listTimeline } from "./timeline";
export { createJournal, deleteJournal, updateJournal } from "./write";
