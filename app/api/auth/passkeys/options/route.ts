import { passkeyRegistrationOptions } from "@/lib/auth/passkeys";
import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  return json(await passkeyRegistrationOptions({ db: getDb(), userId: user.id }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
