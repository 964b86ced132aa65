import { createJournal, type FactoryDb } from "../../scripts/seed/factories";
import type { Person } from "./friends";
import { api } from "./http";
import { utcDay } from "./journals";

// Helpers for the feed and hearts API tests (docs/api.md "Feed and hearts").

export interface FeedItem {
  _id: string;
  id: string;
  title: string;
  content: string;
  images: string[];
  imageDescription: string | null;
  journaldate: string;
  visibility: string;
  isAnonymous: boolean;
  createdAt: string;
  likes: number;
  reads: number;
  likedByMe: boolean;
  author: { id: string; name: string; username: string; profileImage: string | null; location: string } | null;
}

export interface FeedPage {
  journals: FeedItem[];
  hasMore: boolean;
  currentPage: number;
  totalPages: number;
  total: number;
  nextCursor: string | null;
}

/** GET /api/journal/close-circle with a raw query string (`page=2&limit=5`). */
export function feed(viewer: Person | undefined, query = "") {
  return api<FeedPage>(`/api/journal/close-circle${query ? `?${query}` : ""}`, { token: viewer?.token });
}

export function like(who: Person | undefined, id: string, method: "POST" | "DELETE" = "POST") {
  return api<{ message: string; likesCount: number }>(`/api/journal/${id}/like`, { method, token: who?.token });
}

export function unlike(who: Person | undefined, id: string) {
  return like(who, id, "DELETE");
}

export function likedJournals(who: Person | undefined) {
  return api<{ likedJournals: string[] }>("/api/journal/user/likes", { token: who?.token });
}

let dayCounter = 0;

/**
 * A close-circle entry of `author` written at `createdAt` (now by default), on a day of its own:
 * one entry per author per day, so each call takes the next day back.
 */
export function sharedEntry(db: FactoryDb, author: Person, overrides: Parameters<typeof createJournal>[2] = {}) {
  dayCounter += 1;
  return createJournal(db, author.user.id, {
    visibility: "close-circle",
    journalDate: utcDay(-dayCounter),
    ...overrides,
  });
}
