import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { profileImageUrl } from "./profile-image-url";

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
  profileImageKey: users.profileImageKey,
  createdAt: users.createdAt,
};

/** The same columns for a raw query over `users` (search and suggestions rank in plain SQL). */
export const PUBLIC_USER_SQL = sql`users.id, users.name, users.username, users.bio, users.location, users.profile_image_key as "profileImageKey", users.created_at as "createdAt"`;

export interface PublicUserRow {
  id: string;
  name: string;
  username: string;
  bio: string;
  location: string;
  profileImageKey: string | null;
  createdAt: Date;
}

/**
 * A person as every people route shows them to `viewerId`: search, suggestions, the public
 * profile, friend requests, the close circle. One mapping, holding every alias the spec's client
 * reads (`_id`/`id`, `fullName`, `avatar`/`profilePicture`, `memberSince`), so no route can show
 * more or less of a person than another. The picture is null or a URL signed for the viewer
 * (docs/decisions/028).
 */
export async function toPublicUser({ db, row, viewerId }: { db: Db; row: PublicUserRow; viewerId: string }) {
  const image = await profileImageUrl({ db, ownerId: row.id, key: row.profileImageKey, viewerId });
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

export type PublicUser = Awaited<ReturnType<typeof toPublicUser>>;
