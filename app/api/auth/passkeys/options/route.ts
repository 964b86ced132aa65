import { handle } from "@/lib/api/handle";
import { passkeyRegistrationOptions } from "@/lib/auth/passkeys";
import { confirmItIsYou } from "@/lib/auth/step-up";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

// A new passkey's challenge is only made for the person, not for a session alone (docs/decisions/096).
export const POST = handle("POST /api/auth/passkeys/options", async ({ user, sessionId, body: proof }) => {
  const db = getDb();
  await confirmItIsYou({ db, userId: user.id, sessionId, proof });
  return json(await passkeyRegistrationOptions({ db, userId: user.id }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
