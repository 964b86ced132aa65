import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { replaceWraps } from "@/lib/lock/lock";

export const PUT = handle("PUT /api/lock/wraps", async ({ user, body: { verifier, wraps } }) =>
  json(await replaceWraps({ db: getDb(), userId: user.id, verifier, wraps })),
);

export const { GET, POST, PATCH, DELETE } = otherMethods("PUT");
