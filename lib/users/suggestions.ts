import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import type { SuggestedUser } from "@/lib/contract/answers";
import { hiddenFrom } from "@/lib/db/block-sql";
import { PUBLIC_USER_SQL, toPublicUser, type PublicUserRow } from "./json";

/**
 * How many candidates each source gives at most. Suggestions are ranked within this bounded list,
 * never over the whole users table: every source reads a few hundred index entries whether there
 * are a thousand members or a million.
 */
const FRIENDS_OF_FRIENDS_MAX = 200;
const RECENT_ENTRIES_SCANNED = 500;
const NEWEST_MEMBERS_MAX = 200;

/** The candidates' order, best first (see `rankedCandidates`). */
const RANK_ORDER = sql`tier, mutual desc, at desc nulls last, id`;

/**
 * The `with` clauses that rank the candidates: `ranked` holds each once, with its tier, mutual
 * friends and time; best first by RANK_ORDER. In order: friends of friends, most mutual friends first;
 * then writers of the latest signed entries shared with the close circle (private and anonymous
 * entries are left out: a suggestion never points at an anonymous writer, and nobody learns that
 * someone writes privately, docs/decisions/042), most recent first; then the newest members. Never
 * the caller, their friends, anyone with a pending request to or from them, or `excludeId` (the
 * person whose profile the suggestions are shown beside). Each source reads an index in order with a limit (`journals_recent_signed_idx`, `users_created_at_idx`, the friendships
 * primary key), so the cost does not grow with the number of members (tests/lib/people-plans.test.ts).
 */
function rankedCandidates({ callerId, excludeId }: { callerId: string; excludeId?: string }) {
  return sql`
    with excluded as (
      select ${callerId}::uuid as id
      union select ${excludeId ?? callerId}::uuid
      union select friend_id from friendships where user_id = ${callerId}
      union select to_id from friend_requests where from_id = ${callerId} and status = 'pending'
      union select from_id from friend_requests where to_id = ${callerId} and status = 'pending'
      union ${hiddenFrom(callerId)}
    ),
    friends_of_friends as (
      select theirs.friend_id as id, count(*) as mutual
      from friendships mine join friendships theirs on theirs.user_id = mine.friend_id
      where mine.user_id = ${callerId} and theirs.friend_id not in (select id from excluded)
      group by theirs.friend_id
      order by mutual desc, theirs.friend_id
      limit ${FRIENDS_OF_FRIENDS_MAX}
    ),
    recent_writers as (
      select author_id as id, max(created_at) as at
      from (select author_id, created_at from journals where visibility = 'close-circle' and not is_anonymous
            order by created_at desc nulls last limit ${RECENT_ENTRIES_SCANNED}) latest
      where author_id not in (select id from excluded)
      group by author_id
    ),
    newest_members as (
      select id, created_at as at from users
      where id not in (select id from excluded)
      order by created_at desc nulls last limit ${NEWEST_MEMBERS_MAX}
    ),
    ranked as (
      select distinct on (id) id, tier, mutual, at from (
        select id, 0 as tier, mutual, null::timestamptz as at from friends_of_friends
        union all select id, 1, 0, at from recent_writers
        union all select id, 2, 0, at from newest_members
      ) sources
      order by id, tier
    )`;
}

/**
 * `limit` of the ranked candidates from position `offset`, wrapping round to the start, with
 * their public columns: one statement, so the up to 900 candidate ids never leave the database.
 * With no more candidates than `limit`, all of them, from the start.
 */
export function suggestionPageQuery({
  callerId,
  excludeId,
  limit,
  offset,
}: {
  callerId: string;
  excludeId?: string;
  limit: number;
  offset: number;
}) {
  return sql`
    ${rankedCandidates({ callerId, excludeId })},
    numbered as (select id, row_number() over (order by ${RANK_ORDER}) - 1 as i, count(*) over () as n from ranked),
    chosen as (
      select id, case when n > ${limit}::int then (i - ${offset}::bigint % n + n) % n else i end as position
      from numbered
    )
    select ${PUBLIC_USER_SQL} from chosen join users on users.id = chosen.id
    where chosen.position < ${limit}::int
    order by chosen.position`;
}

/**
 * GET /api/search/suggested: `limit` people the caller likely knows, from `offset` on, never the
 * caller nor `excludeId`: a profile's Fellow Writers list neither its viewer nor its owner.
 *
 * 'Refresh' asks for the next `offset` (the client adds what it was shown): the ranked list is at
 * most 900 ids (200 + 500 + 200), so the server pages through it, wrapping round to the start at its end,
 * and each refresh shows other people for as long as there are others to show. This is stable
 * and testable, where `order by random()` would read and sort every member on every call.
 */
export async function listSuggestedUsers({
  db,
  callerId,
  excludeId,
  limit,
  offset,
}: {
  db: Db;
  callerId: string;
  excludeId?: string;
  limit: number;
  offset: number;
}): Promise<SuggestedUser[]> {
  // Prepared (lib/db/prepared.ts): planning it took a fifth of its time; tests/lib/people-plans.test.ts checks the generic plan.
  const rows = await executePrepared<PublicUserRow & Record<string, unknown>>(
    db,
    suggestionPageQuery({ callerId, excludeId, limit, offset }),
  );
  return Promise.all(
    rows.map(async (row) => {
      const { id, name, username, profileImage, bio, location, memberSince } = await toPublicUser({
        db,
        row,
        viewerId: callerId,
      });
      return { id, name, username, profileImage, bio, location, memberSince };
    }),
  );
}
