import { handle } from "@/lib/api/handle";
import { setLanguageCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { getSettings, updateSettings } from "@/lib/reminders/settings";

export const GET = handle("GET /api/myprofile/settings", async ({ user }) => {
  return json(await getSettings({ db: getDb(), userId: user.id }));
});

export const PUT = handle("PUT /api/myprofile/settings", async ({ user, body: input, req }) => {
  const res = json(await updateSettings({ db: getDb(), userId: user.id, input }));
  // This browser speaks the chosen language from its next page on; others at their next GET /api/auth/me.
  if (input.language !== undefined) setLanguageCookie(res, req, input.language);
  return res;
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
