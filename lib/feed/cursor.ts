import "server-only";
import { ValidationError } from "@/lib/errors";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

/**
 * Where a feed page ends: the last entry's sort key (`feed_at` in microseconds since 1970) and id.
 * Both are already in the item it was made from (`createdAt`, `id`): `feed_at` is the exact time of
 * a signed entry and only the day of an anonymous one, so a cursor, even a forged one, tells nothing
 * the feed does not show (docs/decisions/025, 026). It marks a position, not an entry, so it stays
 * valid when that entry is deleted, made private or its writer unfriended between two pages.
 */
export interface FeedCursor {
  feedAtMicros: string;
  id: string;
}

/** 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z in microseconds since 1970. */
const FIRST_MICROS = -62_135_596_800_000_000;
const LAST_MICROS = 253_402_300_800_000_000;
const DECODED = /^(-?\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The opaque text handed to clients: base64url, so they treat it as a token, not a date. */
export function encodeFeedCursor({ feedAtMicros, id }: FeedCursor): string {
  return Buffer.from(`${feedAtMicros}.${id}`, "utf8").toString("base64url");
}

/** A cursor the server handed out (or one shaped like it); 400 for anything else. */
export function decodeFeedCursor({ cursor }: { cursor: string }): FeedCursor {
  const match = /^[A-Za-z0-9_-]{1,100}$/.test(cursor)
    ? DECODED.exec(Buffer.from(cursor, "base64url").toString("utf8"))
    : null;
  // A moment of the calendar PostgreSQL and the API both keep (years 1 to 9999), as every cursor handed out is.
  if (!match || Number(match[1]) < FIRST_MICROS || Number(match[1]) >= LAST_MICROS)
    throw new ValidationError(INVALID_CURSOR);
  return { feedAtMicros: match[1]!, id: match[2]! };
}
