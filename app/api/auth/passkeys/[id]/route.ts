import { removePasskey, renamePasskey } from "@/lib/auth/passkeys";
import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { RenamePasskeySchema } from "@/lib/validation/passkeys";

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { name } = await readJson(req, RenamePasskeySchema, BODY_LIMITS.auth);
  const passkey = await renamePasskey({ db: getDb(), userId: user.id, id: (await params).id, name });
  return json({ message: "Passkey renamed", passkey });
});

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await removePasskey({ db: getDb(), userId: user.id, id: (await params).id });
  return json({ message: "Passkey removed" });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
