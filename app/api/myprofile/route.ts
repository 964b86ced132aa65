import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getStorage } from "@/lib/storage";
import { getMyProfile, updateMyProfile } from "@/lib/users";
import { UpdateProfileSchema } from "@/lib/validation/profile";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json(await getMyProfile({ db: getDb(), userId: user.id }));
});

export const PUT = route(async (req) => {
  const { user } = await requireUser(req);
  const input = await readJson(req, UpdateProfileSchema, BODY_LIMITS.profile);
  return json(await updateMyProfile({ db: getDb(), storage: getStorage(), userId: user.id, input }));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
