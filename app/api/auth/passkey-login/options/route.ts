import { handle } from "@/lib/api/handle";
import { passkeyLoginOptions } from "@/lib/auth/passkeys";
import { clientIp } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const POST = handle("POST /api/auth/passkey-login/options", async ({ req }) =>
  json(await passkeyLoginOptions({ db: getDb(), ip: clientIp(req) })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
