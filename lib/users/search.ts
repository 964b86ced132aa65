import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { SearchUser } from "@/lib/contract/answers";
import { hiddenFrom } from "@/lib/db/block-sql";
import { PUBLIC_USER_SQL, toPublicUser, type PublicUserRow } from "./json";

export const SEARCH_RESULTS_MAX = 10;
/** Substring matches ranked at most (`searchUsersQuery`): enough that the ten shown are good ones, few enough to rank in a millisecond. */
const SUBSTRING_CANDIDATES = 100;

/** `%`, `_` and `\` stand for themselves in a search (docs/api.md): escaped for LIKE, whose escape is `\`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A substring search is served by the trigram indexes (`users_name_trgm_idx`,
 * `users_username_trgm_idx`) only when the text holds a word of three letters or digits: pg_trgm
 * takes nothing it can look up from a shorter one, and PostgreSQL would read the whole table.
 * Shorter searches ("al", "j.", "Li Na") match the start of a username or a name instead, through
 * byte-ordered btree indexes (`users_username_prefix_idx`, `users_name_prefix_idx`) that also hand
 * the rows over in order, so at most 2 × 10 index entries are read whatever the table's size. A
 * person typing two letters is almost always typing the start of a name.
 */
export function searchesSubstrings(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/**
 * A name as the search compares it: lower case, without accents or Arabic and Hebrew vowel marks
 * (docs/decisions/140), the expression the name indexes are made of (migration 0045).
 */
const foldedName = sql`inkwell_search_fold(lower(users.name))`;
/** A text or pattern folded the same way; the planner computes it once, a constant, which it needs to use the indexes. */
const folded = (value: string) => sql`inkwell_search_fold(lower(${value}::text))`;
/** A candidate's public row and its folded name, made once for the ranking. */
const CANDIDATE = sql`${PUBLIC_USER_SQL}, ${foldedName} as folded_name`;

/**
 * The exact statement `searchUsers` runs (exported so a test can EXPLAIN it). Best matches first:
 * the exact username, then usernames or names that start with the text, then the closest by
 * trigram similarity, then by name. Names and the text are folded in PostgreSQL, as in the name
 * indexes, so both sides fold case, accents and vowel marks the same way.
 */
export function searchUsersQuery({ q, callerId }: { q: string; callerId: string }): SQL {
  const text = q.trim();
  const prefix = `${escapeLike(text)}%`;
  // The first ten usernames and the first ten names that start with the text, from the prefix
  // indexes. The unions' rows are whole public rows, so no join back to users reads the table again.
  const prefixMatches = sql`
    (select ${CANDIDATE} from users
      where username collate "C" like lower(${prefix}) and id <> ${callerId}
      order by username collate "C" limit ${SEARCH_RESULTS_MAX})
    union
    (select ${CANDIDATE} from users
      where ${foldedName} collate "C" like ${folded(prefix)} and id <> ${callerId}
      order by ${foldedName} collate "C" limit ${SEARCH_RESULTS_MAX})`;
  if (!searchesSubstrings(text)) {
    return sql`
      select * from (${prefixMatches}) matches
      order by username = lower(${text}) desc, username like lower(${prefix}) desc, lower(name), username
      limit ${SEARCH_RESULTS_MAX}`;
  }
  const substring = `%${escapeLike(text)}%`;
  // Ranked within a bounded set, never over every match: a common word ("ana", "berg") matches
  // thousands of people at 100 000 members, and ranking them all by similarity took 15–40 ms
  // (docs/performance/archive/2026-11-22-query-plans.md). The set is up to SUBSTRING_CANDIDATES
  // matches as the trigram indexes
  // give them, plus the prefix matches, so every exact and prefix match that can reach the ten
  // shown is among them.
  return sql`
    select * from (
      (select ${CANDIDATE} from users
        where (${foldedName} like ${folded(substring)} or users.username like lower(${substring})) and users.id <> ${callerId}
        limit ${SUBSTRING_CANDIDATES})
      union ${prefixMatches}
    ) matches
    -- Blocked either way: neither finds the other (docs/decisions/067).
    where matches.id not in (${hiddenFrom(callerId)})
    order by username = lower(${text}) desc,
      (username like lower(${prefix}) or folded_name like ${folded(prefix)}) desc,
      greatest(similarity(username, lower(${text})), similarity(folded_name, ${folded(text)})) desc,
      lower(name), username
    limit ${SEARCH_RESULTS_MAX}`;
}

/** GET /api/search: people whose name or username contains `q`, never the caller; blank `q` finds nobody. */
export async function searchUsers({ db, q, callerId }: { db: Db; q: string; callerId: string }): Promise<SearchUser[]> {
  if (q.trim() === "") return [];
  // Not a prepared statement: the prefix indexes need the pattern at planning time.
  const { rows } = await db.execute<PublicUserRow & Record<string, unknown>>(searchUsersQuery({ q, callerId }));
  return Promise.all(
    rows.map(async (row) => {
      const { _id, id, username, name, fullName, profileImage, avatar } = await toPublicUser({
        db,
        row,
        viewerId: callerId,
      });
      return { _id, id, username, name, fullName, profileImage, avatar };
    }),
  );
}
