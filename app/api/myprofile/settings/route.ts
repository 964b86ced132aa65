import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { getSettings, updateSettings } from "@/lib/reminders/settings";

export const GET = handle("GET /api/myprofile/settings", async ({ user }) => {
  return json(await getSettings({ db: getDb(), userId: user.id }));
});

export const PUT = handle("PUT /api/myprofile/settings", async ({ user, body: input }) => {
  return json(await updateSettings({ db: getDb(), userId: user.id, input }));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
