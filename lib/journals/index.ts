import "server-only";

export { getJournalImage, IMAGE_CACHE_SECONDS, IMAGE_NOT_FOUND, PRESIGNED_IMAGE_SECONDS, type JournalImage } from "./image";
export { journalImageUrl, toJournalJson, type JournalJson } from "./json";
export { getJournalByDate, listMonthJournals, listUserJournals, NO_JOURNAL_FOR_DATE } from "./read";
export { createJournal, deleteJournal, JOURNAL_EXISTS, JOURNAL_NOT_FOUND, updateJournal } from "./write";
