import "server-only";
import { sql } from "drizzle-orm";
import type { NotificationActor } from "@/lib/contract/notifications";
import type { Db } from "@/lib/db/client";
import { PUBLIC_USER_SQL, toPublicUser, type PublicUserRow } from "./json";

/** The people `ids` name, as the caller may see them (signed pictures), by id. */
export async function actorsById({
  db,
  ids,
  viewerId,
}: {
  db: Db;
  ids: string[];
  viewerId: string;
}): Promise<Map<string, NotificationActor>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { rows } = await db.execute<PublicUserRow & Record<string, unknown>>(
    sql`select ${PUBLIC_USER_SQL} from users where users.id = any(${`{${unique.join(",")}}`}::uuid[])`,
  );
  const people = await Promise.all(rows.map((row) => toPublicUser({ db, row, viewerId })));
  return new Map(
    people.map((p) => [
      p.id,
      { _id: p._id, id: p.id, name: p.name, username: p.username, profileImage: p.profileImage },
    ]),
  );
}
