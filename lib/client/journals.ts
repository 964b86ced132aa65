import type { Visibility } from "@/lib/validation/journal-limits";
import { apiFetch, errorMessage } from "./api";
import { getToken } from "./token";

// The diary page's calls (API.md "Journals") and the error texts SPEC.md §5 and §8 give them.

export interface Journal {
  id: string;
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
  journaldate: string;
  images: string[];
}

export type DayResult = { kind: "entry"; journal: Journal } | { kind: "empty" } | { kind: "error" };

export const FETCH_DAY_FAILED = "Failed to fetch journal for this date";

export async function fetchJournalForDay(day: string, signal?: AbortSignal): Promise<DayResult> {
  const res = await apiFetch(`/api/journals/date/${day}`, { signal });
  if (res.status === 404) return { kind: "empty" };
  if (!res.ok) return { kind: "error" };
  return { kind: "entry", journal: (await res.json()) as Journal };
}

/** The days of a month that have an entry; an empty set when the call fails (the marks are a hint). */
export async function fetchMarkedDays(year: number, month: number, signal?: AbortSignal): Promise<Set<string>> {
  const res = await apiFetch(`/api/journals/month/${year}/${month}`, { signal });
  if (!res.ok) return new Set();
  const rows = (await res.json()) as { journaldate: string }[];
  return new Set(rows.map((r) => r.journaldate));
}

export interface EntryFields {
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
}

export type SaveRequest =
  | { kind: "create"; day: string; fields: EntryFields; photo: File | null }
  | { kind: "update"; id: string | null; fields: EntryFields; photo: File | null; removePhoto: boolean };

export type SaveResult = { ok: true } | { ok: false; message: string };

const MESSAGES = {
  create: { fallback: "Something went wrong.", wrongStatus: "Save failed. Try again.", expected: 201 },
  update: { fallback: "Failed to update journal.", wrongStatus: "Update failed. Try again.", expected: 200 },
} as const;

/** POST or PUT one entry as multipart; never throws, so the editor keeps its text on any failure. */
export async function saveJournal(request: SaveRequest): Promise<SaveResult> {
  const { fallback, wrongStatus, expected } = MESSAGES[request.kind];
  if (!getToken()) return { ok: false, message: "User is not authenticated." };
  if (request.kind === "update" && !request.id) return { ok: false, message: "No journal selected for update." };

  const form = new FormData();
  form.set("title", request.fields.title.trim());
  form.set("content", request.fields.content.trim());
  form.set("visibility", request.fields.visibility);
  form.set("isAnonymous", String(request.fields.visibility === "close-circle" && request.fields.isAnonymous));
  if (request.kind === "create") form.set("journaldate", request.day);
  if (request.photo) form.set("image", request.photo);
  else if (request.kind === "update" && request.removePhoto) form.set("removeImage", "true");

  try {
    const res =
      request.kind === "create"
        ? await apiFetch("/api/journals", { method: "POST", body: form })
        : await apiFetch(`/api/journals/${request.id}`, { method: "PUT", body: form });
    if (!res.ok) return { ok: false, message: (await errorMessage(res)) ?? fallback };
    if (res.status !== expected) return { ok: false, message: wrongStatus };
    return { ok: true };
  } catch {
    // The network failed or the server is down.
    return { ok: false, message: fallback };
  }
}

export async function deleteJournal(id: string): Promise<SaveResult> {
  try {
    const res = await apiFetch(`/api/journals/${id}`, { method: "DELETE" });
    if (!res.ok) return { ok: false, message: (await errorMessage(res)) ?? "Failed to delete journal." };
    return { ok: true };
  } catch {
    return { ok: false, message: "Failed to delete journal." };
  }
}
