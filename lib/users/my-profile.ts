import "server-only";
import { eq, sql } from "drizzle-orm";
import type { MyProfile } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { journals, users } from "@/lib/db/schema";
import { ConflictError, NotFoundError, ValidationError, uniqueViolation } from "@/lib/errors";
import type { Storage } from "@/lib/storage";
import type { UpdateProfileInput } from "@/lib/validation/profile";
import { profileImageKeyFromUrl, profileImageUrl } from "./profile-image-url";
import { discardProfileImage } from "./profile-images";
import { totalsColumns, totalsJoin } from "./profile";
import { USERNAME_IS_TAKEN_MESSAGE, PROFILE_IMAGE_GONE_MESSAGE, USER_NOT_FOUND } from "@/lib/users/messages";

/**
 * GET /api/myprofile: the caller's own profile, with their email, and totals over all their
 * entries, anonymous ones included: only they see these (unlike their public profile, decision 025).
 */
export async function getMyProfile({ db, userId }: { db: Db; userId: string }): Promise<MyProfile> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      bio: users.bio,
      location: users.location,
      profileImageKey: users.profileImageKey,
      createdAt: users.createdAt,
      ...totalsColumns,
    })
    .from(users)
    .leftJoin(journals, totalsJoin())
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    bio: row.bio,
    location: row.location,
    profileImage: await profileImageUrl({ db, ownerId: row.id, key: row.profileImageKey, viewerId: row.id }),
    createdAt: row.createdAt.toISOString(),
    journalCount: row.journalCount,
    totalLikes: row.totalLikes,
    totalReads: row.totalReads,
  };
}

/**
 * PUT /api/myprofile: changes the fields given and answers GET /api/myprofile's object. A new
 * picture must be one this server issued to the caller and still holds; the one it replaces (or
 * that null removes) is deleted once the change is committed. A username taken meanwhile is a 409
 * from the unique index, not a 500.
 */
export async function updateMyProfile({
  db,
  storage,
  userId,
  input,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  input: UpdateProfileInput;
}): Promise<MyProfile> {
  const { profileImage, ...fields } = input;
  let newKey: string | null | undefined = profileImage;
  if (profileImage) {
    newKey = await profileImageKeyFromUrl({ db, ownerId: userId, url: profileImage });
    if (!(await storage.getObject({ key: newKey }))) throw new ValidationError(PROFILE_IMAGE_GONE_MESSAGE);
  }
  let dropped: string | null;
  try {
    dropped = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ key: users.profileImageKey })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!current) throw new NotFoundError(USER_NOT_FOUND);
      const key = newKey === undefined ? current.key : newKey;
      await tx
        .update(users)
        .set({ ...fields, profileImageKey: key, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return current.key !== key ? current.key : null;
    });
  } catch (err) {
    if (uniqueViolation(err) === "users_username_key") throw new ConflictError(USERNAME_IS_TAKEN_MESSAGE, "username");
    throw err;
  }
  if (dropped) await discardProfileImage({ storage, key: dropped });
  return getMyProfile({ db, userId });
}
