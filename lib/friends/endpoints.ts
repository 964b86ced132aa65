import { BODY_LIMITS } from "@/lib/http/body-limits";
import {
  FRIEND_REQUESTS_PER_DAY,
  FRIEND_REQUESTS_PER_HOUR,
  REJECTION_COOLDOWN_DAYS,
  TOO_MANY_REQUESTS,
  cooldownMessage,
  FRIEND_REQUEST_ACCEPTED_MESSAGE,
  FRIEND_REQUEST_REJECTED_MESSAGE,
  REQUEST_NOT_FOUND,
  SELF_REQUEST_MESSAGE,
  REQUEST_EXISTS_MESSAGE,
  ALREADY_FRIENDS_MESSAGE,
  FRIEND_NOT_FOUND_MESSAGE,
} from "@/lib/friends/limits";
import { SendFriendRequestSchema } from "@/lib/validation/friends";
import * as A from "@/lib/contract/answers";
import { UNBLOCK_FIRST_MESSAGE } from "@/lib/users/block-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { FRIEND_REQUEST_CANCELLED_MESSAGE, FRIEND_REMOVED_MESSAGE } from "@/lib/contract/messages";
import { USER_NOT_FOUND } from "@/lib/users/messages";

// Friend requests and the close circle (lib/friends; docs/decisions/021, 022).

const userId = { userId: { description: "A person's id; a malformed one is a 404 like an unknown one" } };

const requestId = { requestId: { description: "The request's id (`_id` of a pending request)" } };

export const FRIEND_ENDPOINTS = [
  {
    method: "post",
    path: "/api/friend-requests/send",
    tag: TAG.friends,
    summary: "Ask someone to be friends",
    description: `When \`to\` had already asked the caller, this accepts their request instead (\`data.status\` is then accepted). 201 either way. Rate limited: ${FRIEND_REQUESTS_PER_HOUR} sends an hour and ${FRIEND_REQUESTS_PER_DAY} a day per sender, every send counted whatever its answer; and someone who rejected the caller's request is not asked again by them for ${REJECTION_COOLDOWN_DAYS} days (both 429 with Retry-After, docs/decisions/042).`,
    auth: "session",
    successFlag: true,
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.friendRequest,
      schema: SendFriendRequestSchema,
      descriptions: { to: "The person's id" },
    },
    answers: [{ status: 201, description: "Friend request sent, or accepted", schema: A.FriendRequestSentSchema }],
    failures: [
      [400, "to is required", SELF_REQUEST_MESSAGE],
      [404, USER_NOT_FOUND],
      [409, REQUEST_EXISTS_MESSAGE, ALREADY_FRIENDS_MESSAGE, UNBLOCK_FIRST_MESSAGE],
      [429, TOO_MANY_REQUESTS, cooldownMessage(REJECTION_COOLDOWN_DAYS * 24 * 60 * 60)],
    ],
  },
  {
    method: "delete",
    path: "/api/friend-requests/cancel/{userId}",
    tag: TAG.friends,
    summary: "Withdraw the caller's pending request to someone",
    description: "The request is deleted: the pair is as if it had never been sent.",
    auth: "session",
    successFlag: true,
    params: userId,
    answers: [{ status: 200, description: FRIEND_REQUEST_CANCELLED_MESSAGE, schema: A.FriendRequestCancelledSchema }],
    failures: [[404, REQUEST_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/friend-requests/status/{userId}",
    tag: TAG.friends,
    summary: "Where the caller stands with someone",
    description:
      "`pending`: the caller asked; `received`: the other person asked; `accepted`: friends. Someone blocked either way (or suspended) is a 404, as an unknown id is (docs/decisions/067).",
    auth: "session",
    successFlag: true,
    params: userId,
    answers: [{ status: 200, description: "The status", schema: A.FriendStatusAnswerSchema }],
    failures: [[404, USER_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/friend-requests/pending",
    tag: TAG.friends,
    summary: "Requests waiting for the caller's answer, newest first",
    auth: "session",
    successFlag: true,
    answers: [{ status: 200, description: "The requests", schema: A.PendingAnswerSchema }],
  },
  {
    method: "post",
    path: "/api/friend-requests/accept/{requestId}",
    tag: TAG.friends,
    summary: "Accept a request: the two become friends both ways",
    auth: "session",
    successFlag: true,
    params: requestId,
    answers: [{ status: 200, description: FRIEND_REQUEST_ACCEPTED_MESSAGE, schema: A.FriendRequestAnsweredSchema }],
    failures: [[404, REQUEST_NOT_FOUND]],
  },
  {
    method: "post",
    path: "/api/friend-requests/reject/{requestId}",
    tag: TAG.friends,
    summary: "Turn a request down",
    auth: "session",
    successFlag: true,
    params: requestId,
    answers: [{ status: 200, description: FRIEND_REQUEST_REJECTED_MESSAGE, schema: A.FriendRequestAnsweredSchema }],
    failures: [[404, REQUEST_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/myprofile/community/count",
    tag: TAG.profile,
    summary: "How many friends the caller has",
    auth: "session",
    answers: [{ status: 200, description: "The count", schema: A.FriendCountSchema }],
  },
  {
    method: "get",
    path: "/api/myprofile/community/closefriends",
    tag: TAG.profile,
    summary: "The caller's friends",
    auth: "session",
    answers: [{ status: 200, description: "The friends", schema: A.CloseFriendsSchema }],
  },
  {
    method: "delete",
    path: "/api/myprofile/community/closefriends/{id}",
    tag: TAG.profile,
    summary: "End a friendship, for both",
    description:
      "The one removed is declined with it: they cannot send the caller a friend request for 7 days, and the status between the two is `rejected` (docs/decisions/059).",
    auth: "session",
    params: { id: { description: "The friend's id" } },
    answers: [
      {
        status: 200,
        description: FRIEND_REMOVED_MESSAGE,
        schema: A.FriendRemovedSchema,
      },
    ],
    failures: [[404, FRIEND_NOT_FOUND_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
