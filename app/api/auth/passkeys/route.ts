import { addPasskey, listPasskeys } from "@/lib/auth/passkeys";
import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { AddPasskeySchema } from "@/lib/validation/passkeys";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ passkeys: await listPasskeys({ db: getDb(), userId: user.id }) });
});

export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const input = await readJson(req, AddPasskeySchema, BODY_LIMITS.passkey);
  const passkey = await addPasskey({ db: getDb(), userId: user.id, input, userAgent: req.headers.get("user-agent") });
  return json({ message: "Passkey added", passkey }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
