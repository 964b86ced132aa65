import { handle } from "@/lib/api/handle";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

// For load balancers and the test harness: up, and the database answers.
export const GET = handle("GET /api/health", async () => {
  await getDb().execute(sql`select 1`);
  return json({ status: "ok" });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
