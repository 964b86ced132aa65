import { z } from "zod";
import { text } from "./fields";

// The friend-request inputs (docs/api.md "People" and "Friend requests"). Ids are checked as uuids in lib/friends,
// not here: a text that names no user, malformed or unknown, is the same 404 `User not found`, in
// the body as in a path. A body without a text `to`, or with one longer than any id, is a 400.

/** A uuid is 36 characters; the bound keeps a huge value from costing anything. */
export const USER_ID_MAX_UNITS = 100;

/** POST /api/friend-requests/send */
export const SendFriendRequestSchema = z.object({
  to: text("to", { maxUnits: USER_ID_MAX_UNITS }),
});
export type SendFriendRequestInput = z.infer<typeof SendFriendRequestSchema>;
