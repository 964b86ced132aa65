import { requireUser } from "@/lib/auth/request";
import { setUpTwoFactor } from "@/lib/auth/two-factor";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

// A pending authenticator secret for the caller (docs/decisions/073). No body.
export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  return json(await setUpTwoFactor({ db: getDb(), userId: user.id, accountName: user.email }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
