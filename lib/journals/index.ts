import "server-only";

// Journal data access (docs/style.md 4): entries of one author, and their photos for any viewer.
export { getJournalImage, IMAGE_CACHE_SECONDS, PRESIGNED_IMAGE_SECONDS } from "./image";
export { journalImageUrl, verifyJournalImageQuery } from "./image-url";

export { getJournalByDate, listMonthJournals, listUserJournals } from "./read";
export { searchDiary } from "./search";
export { listTags, listTimeline } from "./timeline";
export { createJournal, deleteJournal, updateJournal } from "./write";
