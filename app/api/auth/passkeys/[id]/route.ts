import { handle } from "@/lib/api/handle";
import { removePasskey, renamePasskey } from "@/lib/auth/passkeys";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { PASSKEY_RENAMED_MESSAGE, PASSKEY_REMOVED_MESSAGE } from "@/lib/contract/messages";

export const PUT = handle("PUT /api/auth/passkeys/{id}", async ({ user, body: { name }, params }) => {
  const passkey = await renamePasskey({ db: getDb(), userId: user.id, id: params.id, name });
  return json({ message: PASSKEY_RENAMED_MESSAGE, passkey });
});

export const DELETE = handle("DELETE /api/auth/passkeys/{id}", async ({ user, params }) => {
  await removePasskey({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: PASSKEY_REMOVED_MESSAGE });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
