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
} from "./requests";
