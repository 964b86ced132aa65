import { handle } from "@/lib/api/handle";
import { setUpTwoFactor } from "@/lib/auth/two-factor";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

// A pending authenticator secret for the caller (docs/decisions/073). No body.
export const POST = handle("POST /api/auth/2fa/setup", async ({ user }) => {
  return json(await setUpTwoFactor({ db: getDb(), userId: user.id, accountName: user.email }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
