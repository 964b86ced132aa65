// The inbox's page sizes and how many ids one mark-read takes: no `server-only`, no zod, for the API
// reference (lib/openapi), the validation and the browser.
export const NOTIFICATIONS_PAGE_SIZE_DOC = 20;
export const HEARTS_PAGE_SIZE_DOC = 50;
export const READ_IDS_MAX = 100;
