import "server-only";
import { sql } from "drizzle-orm";
import { users } from "@/lib/db/schema";

/**
 * The columns anyone signed in may see of a person. Queries select these and nothing else, so an
 * email, a password hash or a Google id never even leaves the database on these routes.
 */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  bio: users.bio,
  location: users.location,
  profileImage: users.profileImage,
  createdAt: users.createdAt,
};

/** The same columns for a raw query over `users` (search and suggestions rank in plain SQL). */
export const PUBLIC_USER_SQL = sql`users.id, users.name, users.username, users.bio, users.location, users.profile_image as "profileImage", users.created_at as "createdAt"`;

export interface PublicUserRow {
  id: string;
  name: string;
  username: string;
  bio: string;
  location: string;
  profileImage: string | null;
  createdAt: Date;
}

/**
 * A person as every people route shows them: search, suggestions, the public profile (and the
 * friend lists to come). One mapping, holding every alias the spec's client reads (`_id`/`id`,
 * `fullName`, `avatar`/`profilePicture`, `memberSince`), so no route can show more or less of a
 * person than another.
 *
 * The photo is the stored value or null: profile photo uploads are not built yet. When they are,
 * the signed image URL of API.md "Images" is made here, once, for every route.
 */
export function toPublicUser(row: PublicUserRow) {
  const image = row.profileImage || null;
  const createdAt = new Date(row.createdAt).toISOString();
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    fullName: row.name,
    username: row.username,
    bio: row.bio,
    location: row.location,
    profileImage: image,
    avatar: image,
    profilePicture: image,
    createdAt,
    memberSince: createdAt,
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;
