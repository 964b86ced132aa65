import { queryOptions } from "@tanstack/react-query";
import { moodFormValue, type Visibility } from "@/lib/validation/journal-limits";
import { activitiesFormValue } from "@/lib/validation/activity-limits";
import type { Journal } from "@/lib/contract/answers";
import { answerOf, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest, browserOffline } from "./query-client";
import { NOT_KEPT_HEADER } from "./worker/cache-names";
import { getToken } from "./token";
import { journalKeys } from "@/lib/query-keys";
import { PHOTO_UPLOAD_GONE_MESSAGE } from "@/lib/journals/photo-upload-limits";
import { forgetUploads, photosFieldOf, type SavePhoto } from "./photo-uploads";

// The diary page's calls (docs/api.md "Journals"), their cache keys, and the error texts docs/product.md §5 and
// §8 give them.

export type { Journal } from "@/lib/contract/answers";

export const FETCH_DAY_FAILED = "Failed to fetch the entry for this date";
/** A day the service worker has no copy of, asked while the browser is offline (docs/product.md "Installing and offline"). */
export const DAY_NOT_KEPT_OFFLINE =
  "You are offline, and this day is not kept on this device. It opens once you are back online.";

export { journalKeys };

/** The entry of one day, or null when there is none (404). */
export function dayQuery(day: string) {
  return queryOptions({
    queryKey: journalKeys.day(day),
    queryFn: async ({ signal }): Promise<Journal | null> => {
      const res = await apiRequest(
        apiPath("GET /api/journals/date/{date}", { date: day }),
        { signal },
        browserOffline() ? DAY_NOT_KEPT_OFFLINE : FETCH_DAY_FAILED,
      );
      if (res.status === 404) return null;
      // The service worker could not reach the server and has no copy (client/worker/caching.ts).
      if (res.headers.has(NOT_KEPT_HEADER)) throw new ApiError(0, DAY_NOT_KEPT_OFFLINE);
      if (!res.ok) throw new ApiError(res.status, FETCH_DAY_FAILED);
      return answerOf("GET /api/journals/date/{date}", res);
    },
  });
}

/** The days of a month that have an entry. A failure leaves the calendar unmarked: the marks are a hint. */
export function monthQuery(year: number, month: number) {
  return queryOptions({
    queryKey: journalKeys.month(year, month),
    queryFn: async ({ signal }): Promise<string[]> => {
      const res = await apiRequest(apiPath("GET /api/journals/month/{year}/{month}", { year, month }), { signal });
      if (!res.ok) throw new ApiError(res.status, "Failed to load the month's entries");
      const rows = await answerOf("GET /api/journals/month/{year}/{month}", res);
      return rows.map((r) => r.journaldate);
    },
  });
}

export interface EntryFields {
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
  /** The photo's description: kept with the photo, not in drafts (the photo is not either). */
  imageDescription: string;
  /**
   * The day's mood, 1–5, null for none (docs/decisions/131); undefined: not known here, so not sent
   * and the page keeps its own (a save the outbox kept before moods, a page sealed elsewhere).
   */
  mood?: number | null;
  /**
   * What the writer did that day (docs/decisions/136); undefined: not known here, so not sent and the
   * page keeps its own, as with the mood.
   */
  activities?: string[];
}

/**
 * `photos`: the page's whole list of photos, when it has or is given more than one (docs/decisions/134);
 * then `photo`, `removePhoto` and the fields' `imageDescription` are not sent.
 */
export type SaveRequest =
  | { kind: "create"; day: string; fields: EntryFields; photo: File | null; photos?: SavePhoto[] }
  | {
      kind: "update";
      id: string | null;
      day: string;
      fields: EntryFields;
      photo: File | null;
      removePhoto: boolean;
      photos?: SavePhoto[];
    };

/** A save the server could not take for its own reasons (a 5xx, an answer not ours): the words stay in the editor. */
export const SAVE_FAILED = "Could not save — your words are kept here; try again.";

const MESSAGES = {
  create: { wrongStatus: "Save failed. Try again.", expected: 201 },
  update: { wrongStatus: "Update failed. Try again.", expected: 200 },
} as const;

/**
 * An entry's multipart form as the original client sends it: its readable fields; with the page's
 * `photos` list instead of its one photo when the request has one (`photosField`, its uploads done).
 */
export function entryForm(req: SaveRequest, photosField?: string): FormData {
  const form = new FormData();
  form.set("title", req.fields.title.trim());
  form.set("content", req.fields.content.trim());
  form.set("visibility", req.fields.visibility);
  form.set("isAnonymous", String(req.fields.visibility === "close-circle" && req.fields.isAnonymous));
  const mood = moodFormValue(req.fields.mood);
  if (mood !== undefined) form.set("mood", mood);
  const activities = activitiesFormValue(req.fields.activities);
  if (activities !== undefined) form.set("activities", activities);
  if (req.kind === "create") form.set("journaldate", req.day);
  if (req.photos) {
    if (photosField === undefined) throw new Error("The photos are uploaded before the form is made");
    form.set("photos", photosField);
    return form;
  }
  form.set("imageDescription", req.fields.imageDescription.trim());
  if (req.photo) form.set("image", req.photo);
  else if (req.kind === "update" && req.removePhoto) form.set("removeImage", "true");
  return form;
}

/** The readable form of a save: its new photos uploaded first when it sends the page's list (`photos`). */
export async function readableForm(req: SaveRequest): Promise<FormData> {
  return entryForm(req, req.photos ? await photosFieldOf(req.photos) : undefined);
}

/**
 * POST or PUT one entry as multipart; throws an ApiError carrying the message the writer sees.
 * `idempotencyKey`: the key the outbox sends it again with if the answer is lost (docs/decisions/081).
 * `lockForm`: the form the diary lock made (client/lock/save.ts: sealed, or a locked page made readable) instead of the readable one.
 */
export async function saveJournal(req: SaveRequest, idempotencyKey?: string, lockForm?: FormData): Promise<Journal> {
  const { wrongStatus, expected } = MESSAGES[req.kind];
  if (!getToken()) throw new ApiError(401, "User is not authenticated.");
  if (req.kind === "update" && !req.id) throw new ApiError(400, "No entry selected for update.");
  const form = lockForm ?? (await readableForm(req));

  const headers = idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined;
  const res =
    req.kind === "create"
      ? await apiRequest(apiPath("POST /api/journals"), { method: "POST", body: form, headers }, SAVE_FAILED)
      : await apiRequest(
          apiPath("PUT /api/journals/{id}", { id: req.id ?? "" }),
          { method: "PUT", body: form, headers },
          SAVE_FAILED,
        );
  if (!res.ok) {
    const message = (await errorMessage(res)) ?? SAVE_FAILED;
    // An upload the server no longer holds is uploaded again by the next save.
    if (req.photos && message === PHOTO_UPLOAD_GONE_MESSAGE) forgetUploads(req.photos);
    throw new ApiError(res.status, message);
  }
  if (res.status !== expected) throw new ApiError(res.status, wrongStatus);
  // docs/api.md: POST answers with the journal, PUT with {message, journal}.
  return req.kind === "create"
    ? answerOf("POST /api/journals", res)
    : (await answerOf("PUT /api/journals/{id}", res)).journal;
}

export async function deleteJournal(id: string): Promise<void> {
  const res = await apiRequest(
    apiPath("DELETE /api/journals/{id}", { id }),
    { method: "DELETE" },
    "Failed to delete journal.",
  );
  if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? "Failed to delete journal.");
}
