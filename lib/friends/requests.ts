import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { friendRequests, friendships, notifications, pushOutbox, users } from "@/lib/db/schema";
import { PUSH_QUEUE, wakeJobs } from "@/lib/jobs/running";
import { ConflictError, NotFoundError, RateLimitError, ValidationError, uniqueViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { consumeAttempt, type Limit } from "@/lib/rate-limit";
import type { FriendStatus, PendingRequest } from "@/lib/contract/answers";
import { requestAnswered } from "@/lib/notifications";
import { inboxChanged } from "@/lib/db/channels";
import { publicUserColumns, toPublicUser } from "@/lib/users/json";
import { UNBLOCK_FIRST_MESSAGE } from "@/lib/users/block-limits";
import { hiddenBetween } from "@/lib/db/block-sql";
import { toFriendRequestJson, type FriendRequestRow } from "./json";
import {
  FRIEND_REQUESTS_PER_DAY,
  FRIEND_REQUESTS_PER_HOUR,
  REJECTION_COOLDOWN_DAYS,
  TOO_MANY_REQUESTS,
  cooldownMessage,
  REQUEST_NOT_FOUND,
  SELF_REQUEST_MESSAGE,
  REQUEST_EXISTS_MESSAGE,
  ALREADY_FRIENDS_MESSAGE,
} from "./limits";
import { USER_NOT_FOUND } from "@/lib/users/messages";

/** The per-sender limits, counted per account: every session and address of one sender shares them. */
export function sendLimits(fromId: string): Limit[] {
  return [
    { key: `friend-requests-hour:${fromId}`, max: FRIEND_REQUESTS_PER_HOUR, windowSeconds: 60 * 60 },
    { key: `friend-requests-day:${fromId}`, max: FRIEND_REQUESTS_PER_DAY, windowSeconds: 24 * 60 * 60 },
  ];
}

const ONE_PENDING_PER_PAIR = "friend_requests_one_pending_per_pair";
/** Reads and writes of one send, tried again this many times when a concurrent request got in between. */
const SEND_ATTEMPTS = 3;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Another request changed the pair between our read and our write: read again. */
class LostRace extends Error {}

function betweenPair(a: string, b: string) {
  return or(
    and(eq(friendRequests.fromId, a), eq(friendRequests.toId, b)),
    and(eq(friendRequests.fromId, b), eq(friendRequests.toId, a)),
  );
}

/**
 * Accepts a pending request addressed to `recipientId` and makes the two friends both ways, in the
 * caller's transaction. The `status = 'pending'` condition is what settles a race with a cancel,
 * a reject or a second accept: PostgreSQL re-checks it on the row the other one left, so exactly
 * one of them changes it and the rest find nothing.
 */
async function acceptPending({ tx, requestId, recipientId }: { tx: Tx; requestId: string; recipientId: string }) {
  const [row] = await tx
    .update(friendRequests)
    .set({ status: "accepted", respondedAt: sql`now()` })
    .where(
      and(eq(friendRequests.id, requestId), eq(friendRequests.toId, recipientId), eq(friendRequests.status, "pending")),
    )
    .returning();
  if (!row) return undefined;
  await tx
    .insert(friendships)
    .values([
      { userId: row.fromId, friendId: row.toId },
      { userId: row.toId, friendId: row.fromId },
    ])
    .onConflictDoNothing();
  // The sender hears that they were accepted; the recipient's own notification of it is answered (decision 063).
  const [told] = await tx
    .insert(notifications)
    .values({ userId: row.fromId, kind: "friend-accepted", actorId: row.toId, requestId: row.id })
    .returning({ id: notifications.id });
  await tx.insert(pushOutbox).values({ notificationId: told!.id });
  await tx.execute(requestAnswered(row.id, recipientId));
  await tx.execute(inboxChanged(row.fromId));
  await tx.execute(inboxChanged(recipientId));
  return row;
}

async function sendOnce({
  tx,
  fromId,
  toId,
}: {
  tx: Tx;
  fromId: string;
  toId: string;
}): Promise<{ accepted: boolean; request: FriendRequestRow }> {
  const [target] = await tx
    .select({
      id: users.id,
      blockedMe: sql<boolean>`exists (select 1 from blocks where blocker_id = ${toId}::uuid and blocked_id = ${fromId}::uuid)`,
      iBlocked: sql<boolean>`exists (select 1 from blocks where blocker_id = ${fromId}::uuid and blocked_id = ${toId}::uuid)`,
    })
    .from(users)
    .where(eq(users.id, toId));
  // Someone who blocked the sender does not exist for them: the answer of an unknown id (docs/decisions/067).
  if (!target || target.blockedMe) throw new NotFoundError(USER_NOT_FOUND);
  if (target.iBlocked) throw new ConflictError(UNBLOCK_FIRST_MESSAGE);
  const [friend] = await tx
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, fromId), eq(friendships.friendId, toId)));
  if (friend) throw new ConflictError(ALREADY_FRIENDS_MESSAGE);

  const [pending] = await tx
    .select()
    .from(friendRequests)
    .where(and(betweenPair(fromId, toId), eq(friendRequests.status, "pending")));
  if (pending?.fromId === fromId) throw new ConflictError(REQUEST_EXISTS_MESSAGE);
  if (pending) {
    // They asked first: answering with a request of our own means yes (docs/api.md).
    const request = await acceptPending({ tx, requestId: pending.id, recipientId: fromId });
    if (!request) throw new LostRace();
    return { accepted: true, request };
  }
  // Declined lately: not again before the week is out, however the sender tries (docs/decisions/042).
  const [declined] = await tx
    .select({
      retryAfter: sql<number>`extract(epoch from (max(${friendRequests.respondedAt}) + make_interval(days => ${REJECTION_COOLDOWN_DAYS}) - now()))`,
    })
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.fromId, fromId),
        eq(friendRequests.toId, toId),
        eq(friendRequests.status, "rejected"),
        sql`${friendRequests.respondedAt} > now() - make_interval(days => ${REJECTION_COOLDOWN_DAYS})`,
      ),
    );
  if (declined?.retryAfter != null) {
    const retryAfter = Number(declined.retryAfter);
    throw new RateLimitError(retryAfter, cooldownMessage(retryAfter));
  }
  const [request] = await tx.insert(friendRequests).values({ fromId, toId }).returning();
  const [told] = await tx
    .insert(notifications)
    .values({ userId: toId, kind: "friend-request", actorId: fromId, requestId: request!.id })
    .returning({ id: notifications.id });
  await tx.insert(pushOutbox).values({ notificationId: told!.id });
  await tx.execute(inboxChanged(toId));
  return { accepted: false, request: request! };
}

/**
 * Sends a friend request, or accepts the one `to` already sent the caller. Two people sending to
 * each other at the same moment both pass the reads; the one-pending-per-pair index stops the
 * second insert, and its retry finds the first request and accepts it, so they end up friends once.
 * Every send that names someone else counts against the sender's limits first, whatever it then
 * answers: counted before the work, in one statement each, a burst cannot slip under them, and a
 * cancel gives nothing back (docs/decisions/042).
 */
export async function sendFriendRequest({ db, fromId, to }: { db: Db; fromId: string; to: string }) {
  const toId = parseId({ value: to, message: USER_NOT_FOUND });
  if (toId === fromId) throw new ValidationError(SELF_REQUEST_MESSAGE);
  for (const limit of sendLimits(fromId)) {
    try {
      await consumeAttempt({ db, limit });
    } catch (err) {
      if (err instanceof RateLimitError)
        throw new RateLimitError(Number(err.headers["Retry-After"]), TOO_MANY_REQUESTS);
      throw err;
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const { accepted, request } = await db.transaction((tx) => sendOnce({ tx, fromId, toId }));
      // The other person's devices hear of it from the job, never from this request (docs/decisions/082).
      await wakeJobs(PUSH_QUEUE);
      return { accepted, request: toFriendRequestJson(request) };
    } catch (err) {
      const raced = err instanceof LostRace || uniqueViolation(err) === ONE_PENDING_PER_PAIR;
      if (!raced) throw err;
      // Still racing after several reads: someone keeps sending and cancelling. A 409 is honest.
      if (attempt === SEND_ATTEMPTS) throw new ConflictError(REQUEST_EXISTS_MESSAGE);
    }
  }
}

/** Withdraws the caller's pending request to `userId`; 404 when there is none (or it was just answered). */
export async function cancelFriendRequest({ db, fromId, userId }: { db: Db; fromId: string; userId: string }) {
  const toId = parseId({ value: userId, message: REQUEST_NOT_FOUND });
  // Deleted rather than marked, so a cancelled request leaves the pair as if it had never been sent (docs/product.md §4).
  const [row] = await db
    .delete(friendRequests)
    .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId), eq(friendRequests.status, "pending")))
    .returning({ id: friendRequests.id });
  if (!row) throw new NotFoundError(REQUEST_NOT_FOUND);
  // Its notification went with it (cascade): the recipient's badge drops.
  await db.execute(inboxChanged(toId));
}

/** Accepts a pending request sent to the caller; the two become friends both ways in the same transaction. */
export async function acceptFriendRequest({ db, userId, requestId }: { db: Db; userId: string; requestId: string }) {
  const id = parseId({ value: requestId, message: REQUEST_NOT_FOUND });
  const row = await db.transaction((tx) => acceptPending({ tx, requestId: id, recipientId: userId }));
  if (!row) throw new NotFoundError(REQUEST_NOT_FOUND);
  await wakeJobs(PUSH_QUEUE);
  return toFriendRequestJson(row);
}

/** Rejects a pending request sent to the caller. The sender may ask again a week later (REJECTION_COOLDOWN_DAYS). */
export async function rejectFriendRequest({ db, userId, requestId }: { db: Db; userId: string; requestId: string }) {
  const id = parseId({ value: requestId, message: REQUEST_NOT_FOUND });
  const [row] = await db
    .update(friendRequests)
    .set({ status: "rejected", respondedAt: sql`now()` })
    .where(and(eq(friendRequests.id, id), eq(friendRequests.toId, userId), eq(friendRequests.status, "pending")))
    .returning();
  if (!row) throw new NotFoundError(REQUEST_NOT_FOUND);
  // The sender is not told (docs/decisions/042); the recipient's notification of it is answered.
  await db.execute(requestAnswered(row.id, userId));
  await db.execute(inboxChanged(userId));
  return toFriendRequestJson(row);
}

/** lib/contract's `FriendStatus`: the answer of GET /api/friend-requests/status/{userId}. */
export type FriendshipStatus = FriendStatus;

/** Where the caller stands with `userId`, for the friend-request button (docs/product.md §4). */
export async function getFriendshipStatus({
  db,
  userId,
  otherId,
}: {
  db: Db;
  userId: string;
  otherId: string;
}): Promise<FriendshipStatus> {
  const other = parseId({ value: otherId, message: USER_NOT_FOUND });
  const [row] = await db
    .select({
      friends: sql<boolean>`exists (select 1 from ${friendships} where ${friendships.userId} = ${userId} and ${friendships.friendId} = ${users.id})`,
      hidden: sql<boolean>`${hiddenBetween(userId, sql`${users.id}`)}`,
    })
    .from(users)
    .where(eq(users.id, other));
  // Blocked either way (or suspended), the other is an unknown id, as their profile is (docs/decisions/067).
  if (!row || row.hidden) throw new NotFoundError(USER_NOT_FOUND);
  if (row.friends) return "accepted";
  // The latest request decides: pending either way, or rejected. An accepted one whose friendship
  // has since ended, like none at all, leaves the two free to ask again.
  const [latest] = await db
    .select({ fromId: friendRequests.fromId, status: friendRequests.status })
    .from(friendRequests)
    .where(betweenPair(userId, other))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
    .limit(1);
  if (latest?.status === "pending") return latest.fromId === userId ? "pending" : "received";
  if (latest?.status === "rejected") return "rejected";
  return "none";
}

/** Requests waiting for the caller's answer, newest first, each with its sender (never an email). */
export async function listPendingFriendRequests({ db, userId }: { db: Db; userId: string }): Promise<PendingRequest[]> {
  const rows = await db
    .select({ requestId: friendRequests.id, sentAt: friendRequests.createdAt, from: publicUserColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.fromId))
    .where(and(eq(friendRequests.toId, userId), eq(friendRequests.status, "pending")))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
  return Promise.all(
    rows.map(async (r) => {
      const { _id, id, name, username, profileImage } = await toPublicUser({ db, row: r.from, viewerId: userId });
      return { _id: r.requestId, from: { _id, id, name, username, profileImage }, createdAt: r.sentAt.toISOString() };
    }),
  );
}
