/**
 * Incoming friend requests, shown in the navigation panel and on /notifications. The requests
 * themselves (GET /api/friend-requests/pending) arrive with the friends feature.
 */
export function FriendRequestsList() {
  return <p className="text-sm text-ink-soft">No pending friend requests</p>;
}
