import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getSettings, updateSettings } from "@/lib/reminders/settings";
import { UpdateSettingsSchema } from "@/lib/validation/reminder";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json(await getSettings({ db: getDb(), userId: user.id }));
});

export const PUT = route(async (req) => {
  const { user } = await requireUser(req);
  const input = await readJson(req, UpdateSettingsSchema, BODY_LIMITS.profile);
  return json(await updateSettings({ db: getDb(), userId: user.id, input }));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
