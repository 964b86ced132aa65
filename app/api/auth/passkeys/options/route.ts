import { passkeyRegistrationOptions } from "@/lib/auth/passkeys";
import { requireUser } from "@/lib/auth/request";
import { confirmItIsYou } from "@/lib/auth/step-up";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { PasskeyOptionsSchema } from "@/lib/validation/passkeys";

// A new passkey's challenge is only made for the person, not for a session alone (docs/decisions/096).
export const POST = route(async (req) => {
  const { user, sessionId } = await requireUser(req);
  const proof = await readJson(req, PasskeyOptionsSchema, BODY_LIMITS.auth);
  const db = getDb();
  await confirmItIsYou({ db, userId: user.id, sessionId, proof });
  return json(await passkeyRegistrationOptions({ db, userId: user.id }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
