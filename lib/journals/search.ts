import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DiarySearchPage } from "@/lib/contract/diary";
import type { Db } from "@/lib/db/client";
import { journals } from "@/lib/db/schema";
import { ValidationError } from "@/lib/errors";
import { DIARY_SEARCH_PAGE_SIZE } from "@/lib/validation/diary-limits";
import { isCalendarDate } from "@/lib/validation/journal-limits";
import { toJournalJson } from "./json";
import { journalColumns } from "./reads";
import { parseSearch, searchTerms, searchTokens, snippetOf, type ParsedSearch, type SearchToken } from "./search-text";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

// The search of one's own diary (docs/decisions/060): PostgreSQL full-text search over
// `journals.search` ('simple' words of the unaccented title and content), matched entry by entry
// over the caller's own entries (read through their author index: a writer has at most one entry a
// day, and no word index beats that), so only the caller's entries are ever looked at. The tsquery is built here
// from the words parseSearch found, each one quoted lexemes run through inkwell_search_fold, so no
// text a person typed is ever read as tsquery syntax. Hits come by rank (ts_rank), then newest day.

/** One token as a tsquery lexeme: folded as the page's words are (inkwell_search_fold), quoted (its quotes and backslashes doubled), a prefix when `prefix`. */
function lexeme({ text, prefix }: SearchToken): SQL {
  return sql`'''' || replace(replace(inkwell_search_fold(${text}::text), '\\', '\\\\'), '''', '''''') || ${prefix ? "':*" : "'"}`;
}

/**
 * The tsquery of a parsed search: its groups joined by &, a phrase's words by <->, and a word of Han
 * or kana as its pairs of characters in a row (searchTokens, docs/decisions/140).
 */
function tsquery({ groups, prefixLast }: ParsedSearch): SQL {
  const last = groups.length - 1;
  const parts = groups.map((words, g) => {
    const tokens = words.flatMap((w, i) =>
      searchTokens(w, {
        endsGroup: i === words.length - 1,
        prefix: prefixLast && g === last && i === words.length - 1,
      }),
    );
    const inner = sql.join(tokens.map(lexeme), sql` || ' <-> ' || `);
    return sql`'(' || ${inner} || ')'`;
  });
  return sql`to_tsquery('simple', ${sql.join(parts, sql` || ' & ' || `)})`;
}

/**
 * Where a page of hits ends: the last hit's rank (a float4 as PostgreSQL prints it, which reads
 * back exactly) and day. Base64url, so clients treat it as a token. Rank then day is the order of
 * the hits and the day is unique per writer, so the next page starts strictly after it.
 */
interface SearchCursor {
  rank: string;
  day: string;
}

function encodeCursor({ rank, day }: SearchCursor): string {
  return Buffer.from(`${rank}_${day}`, "utf8").toString("base64url");
}

const FLOAT4_MIN_NORMAL = 1.1754944e-38;
const FLOAT4_MAX = 3.4028235e38;

function decodeCursor(cursor: string): SearchCursor {
  const m = /^[A-Za-z0-9_-]{1,64}$/.test(cursor)
    ? /^(\d{1,3}(?:\.\d{1,12})?(?:e-\d{1,2})?)_(\d{4}-\d{2}-\d{2})$/.exec(
        Buffer.from(cursor, "base64url").toString("utf8"),
      )
    : null;
  // A rank is what ts_rank gave as a float4: 0, or within float4's normal range (1e-50 is out of it: PostgreSQL's 22003).
  const rank = m ? Number(m[1]) : NaN;
  if (!m || !isCalendarDate(m[2]!) || !(rank === 0 || (rank >= FLOAT4_MIN_NORMAL && rank <= FLOAT4_MAX))) {
    throw new ValidationError(INVALID_CURSOR, [{ path: "cursor", message: INVALID_CURSOR }]);
  }
  return { rank: m[1]!, day: m[2]! };
}

/** The statement of a page of hits (exported for its plan's test): the author's entries, matched, ranked, after the cursor's place. */
export function searchDiaryQuery({
  db,
  authorId,
  parsed,
  tag,
  after,
}: {
  db: Db;
  authorId: string;
  parsed: ParsedSearch;
  tag?: string;
  after?: SearchCursor;
}) {
  const query = parsed.words ? tsquery(parsed) : null;
  const rank = query ? sql<number>`ts_rank(${journals.search}, ${query})` : sql<number>`0::real`;
  // A tag is folded by the very function that made the column's tags, so both agree on its case.
  const tagFilter = tag
    ? sql`${journals.tags} @> array[(inkwell_tags('#' || ${tag.replace(/^#/, "")}::text))[1]]`
    : undefined;
  return db
    .select({ ...journalColumns(), rank: rank.mapWith(String) })
    .from(journals)
    .where(
      and(
        eq(journals.authorId, authorId),
        // A locked page's words are sealed: its row holds only the placeholder (docs/decisions/115).
        sql`${journals.sealed} is null`,
        query ? sql`${journals.search} @@ ${query}` : undefined,
        tagFilter,
        after ? sql`(${rank}, ${journals.journalDate}) < (${after.rank}::real, ${after.day}::date)` : undefined,
      ),
    )
    .orderBy(desc(rank), desc(journals.journalDate))
    .limit(DIARY_SEARCH_PAGE_SIZE + 1);
}

/**
 * A page of the author's entries matching `q` (words, "phrases", the last word a prefix while
 * typed) and/or carrying `tag`. Each hit has a snippet of its content around the first matched word
 * and the [start, end) offsets of the matched words in it. A search with no words in it (only
 * punctuation) finds nothing.
 */
export async function searchDiary({
  db,
  authorId,
  q,
  tag,
  cursor,
}: {
  db: Db;
  authorId: string;
  q?: string;
  tag?: string;
  cursor?: string;
}): Promise<DiarySearchPage> {
  const parsed = parseSearch(q ?? "");
  if (q !== undefined && q.trim() !== "" && !parsed.words) return { hits: [], nextCursor: null };
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await searchDiaryQuery({ db, authorId, parsed, tag, after });

  const terms = searchTerms(parsed);
  const page = rows.slice(0, DIARY_SEARCH_PAGE_SIZE);
  const hits = await Promise.all(
    page.map(async (row) => ({
      ...(await toJournalJson({ db, row, viewerId: authorId })),
      ...snippetOf(row.content, terms),
    })),
  );
  const last = page[page.length - 1];
  return {
    hits,
    nextCursor:
      rows.length > DIARY_SEARCH_PAGE_SIZE && last ? encodeCursor({ rank: last.rank, day: last.journalDate }) : null,
  };
}
