import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { cancelAccountDeletion } from "@/lib/users/account-deletion";
import { DELETION_CANCELLED_MESSAGE } from "@/lib/users/account-deletion-limits";

// Signing in during the grace offers "Cancel deletion" (docs/decisions/075).
export const POST = handle("POST /api/myprofile/cancel-deletion", async ({ user }) => {
  await cancelAccountDeletion({ db: getDb(), userId: user.id });
  return json({ message: DELETION_CANCELLED_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
