import { requireUser } from "@/lib/auth/request";
import { enableTwoFactor } from "@/lib/auth/two-factor";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { EnableTwoFactorSchema } from "@/lib/validation/two-factor";

// The first right code turns two-factor sign-in on and answers the recovery codes, this once (docs/decisions/073).
export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const { code } = await readJson(req, EnableTwoFactorSchema, BODY_LIMITS.auth);
  return json({ message: "Two-factor sign-in is on", recoveryCodes: await enableTwoFactor({ db: getDb(), userId: user.id, code }) });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
