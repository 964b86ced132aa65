import { queryOptions } from "@tanstack/react-query";
import type { CloseFriend, MyProfile } from "@/lib/contract/answers";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { SERVER_FAULT } from "./api-error";
import { ApiError } from "./api-error";
import { apiRequest, OFFLINE_MESSAGE } from "./query-client";
import { refusalOf } from "./refusals";
import { meKeys } from "@/lib/query-keys";

// My profile, my close circle and my journal's PDF (docs/api.md "My profile and community",
// GET /journals/export.pdf), their cache keys, and the texts docs/product.md §8 gives them.

export { BIO_MAX, LOCATION_MAX } from "@/lib/validation/profile-limits";

export const PROFILE_LOAD_FAILED = "Failed to load profile data";
export const PROFILE_UPDATE_FAILED = "Failed to update profile";
export const COMMUNITY_LOAD_FAILED = "Failed to load community stats";
export const FRIENDS_LOAD_FAILED = "Failed to load close friends";
export const REMOVE_FRIEND_FAILED = "Failed to remove user";
export const NO_ENTRIES_TO_DOWNLOAD = "No entries found to download.";
export const PDF_FAILED = "Error generating PDF. Please try again.";

export type { CloseFriend, MyProfile } from "@/lib/contract/answers";

export { meKeys };

/** A failed answer as a Refusal: the server's message when it gave one, else `fallback`, and the fields a 400 names. */
async function failure(res: Response, fallback: string): Promise<ApiError> {
  return refusalOf(res, fallback);
}

export function myProfileQuery() {
  return queryOptions({
    queryKey: meKeys.profile,
    queryFn: async ({ signal }): Promise<MyProfile> => {
      const res = await apiRequest(apiPath("GET /api/myprofile"), { signal }, PROFILE_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, PROFILE_LOAD_FAILED);
      return answerOf("GET /api/myprofile", res);
    },
  });
}

export function friendCountQuery() {
  return queryOptions({
    queryKey: meKeys.friendCount,
    queryFn: async ({ signal }): Promise<number> => {
      const res = await apiRequest(apiPath("GET /api/myprofile/community/count"), { signal }, COMMUNITY_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, COMMUNITY_LOAD_FAILED);
      return (await answerOf("GET /api/myprofile/community/count", res)).closeFriends;
    },
  });
}

export function closeFriendsQuery() {
  return queryOptions({
    queryKey: meKeys.friends,
    queryFn: async ({ signal }): Promise<CloseFriend[]> => {
      const res = await apiRequest(
        apiPath("GET /api/myprofile/community/closefriends"),
        { signal },
        FRIENDS_LOAD_FAILED,
      );
      if (!res.ok) throw new ApiError(res.status, FRIENDS_LOAD_FAILED);
      return (await answerOf("GET /api/myprofile/community/closefriends", res)).closeFriends;
    },
  });
}

/** Ends the friendship for both; the caller's new count. docs/product.md §8: the server's message or 'Failed to remove user'. */
export async function removeCloseFriend(id: string): Promise<number> {
  const res = await apiRequest(
    apiPath("DELETE /api/myprofile/community/closefriends/{id}", { id }),
    { method: "DELETE" },
    REMOVE_FRIEND_FAILED,
  );
  if (!res.ok) throw await failure(res, REMOVE_FRIEND_FAILED);
  return (await answerOf("DELETE /api/myprofile/community/closefriends/{id}", res)).newCloseFriendsCount;
}

export interface ProfileFields {
  name: string;
  username: string;
  bio: string;
  location: string;
  /** Left out to keep the current picture: a signed URL read an hour ago may have expired since. */
  profileImage?: string | null;
}

/** POST /upload/profile-image: the address the server keeps the square picture at. */
export async function uploadProfileImage(file: File): Promise<string> {
  const body = new FormData();
  body.set("image", file);
  const res = await apiRequest(
    apiPath("POST /api/upload/profile-image"),
    { method: "POST", body },
    PROFILE_UPDATE_FAILED,
  );
  if (!res.ok) throw await failure(res, PROFILE_UPDATE_FAILED);
  return (await answerOf("POST /api/upload/profile-image", res)).imageUrl;
}

/** PUT /myprofile answers with the whole profile, which replaces the cached one. */
export async function updateMyProfile(fields: ProfileFields): Promise<MyProfile> {
  const res = await apiRequest(
    apiPath("PUT /api/myprofile"),
    { method: "PUT", body: JSON.stringify(fields) },
    PROFILE_UPDATE_FAILED,
  );
  if (!res.ok) throw await failure(res, PROFILE_UPDATE_FAILED);
  return answerOf("PUT /api/myprofile", res);
}

/**
 * The journal as a PDF made by the server (docs/decisions/030-me-screen.md). A refusal or an
 * unreachable server is 'Error loading entries: {message}' (with Retry), except the 404 of an
 * empty journal; an answer that is not a PDF is 'Error generating PDF'.
 */
export async function fetchJournalPdf(): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiRequest(apiPath("GET /api/journals/export.pdf"), {}, OFFLINE_MESSAGE);
  if (res.status === 404) throw new ApiError(404, NO_ENTRIES_TO_DOWNLOAD);
  if (!res.ok) throw await failure(res, SERVER_FAULT);
  // The document is streamed while it is drawn: a failure halfway breaks the body, not the status.
  const blob = await res.blob().catch(() => null);
  if (!blob || blob.size === 0 || !/^application\/pdf\b/.test(res.headers.get("content-type") ?? ""))
    throw new PdfError();
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return { blob, fileName: named?.[1] ?? "journal.pdf" };
}

/** The journal arrived but is not a document we can save or print. */
export class PdfError extends Error {
  constructor() {
    super(PDF_FAILED);
    this.name = "PdfError";
  }
}
