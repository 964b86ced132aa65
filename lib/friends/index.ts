import "server-only";

// Friend requests and friendships (docs/style.md 4): sending, answering and withdrawing requests, where
// two people stand, and the caller's close circle.
export { countCloseFriends, listCloseFriends, removeCloseFriend } from "./community";
export {
  acceptFriendRequest,
  cancelFriendRequest,
  getFriendshipStatus,
  listPendingFriendRequests,
  rejectFriendRequest,
  sendFriendRequest,
  type FriendshipStatus,
} from "./requests";
export {
  FRIEND_REQUESTS_PER_DAY,
  FRIEND_REQUESTS_PER_HOUR,
  REJECTION_COOLDOWN_DAYS,
  TOO_MANY_REQUESTS,
} from "./limits";
