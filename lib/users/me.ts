import "server-only";
import type { SessionUser } from "@/lib/auth/sessions";
import type { Me, SessionMe } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { profileImageUrl } from "./profile-image-url";

/** The fields of docs/api.md's `GET /auth/me`, the picture signed for its owner. Never hashes or tokens. */
export async function toMe({ db, user }: { db: Db; user: SessionUser }): Promise<Me> {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    bio: user.bio,
    location: user.location,
    profileImage: await profileImageUrl({ db, ownerId: user.id, key: user.profileImageKey, viewerId: user.id }),
    createdAt: user.createdAt.toISOString(),
  };
}

/** What GET /api/auth/me answers: Me, and when the account is to be deleted (docs/decisions/084). */
export async function toSessionMe({ db, user }: { db: Db; user: SessionUser }): Promise<SessionMe> {
  return {
    ...(await toMe({ db, user })),
    deletionDueAt: user.deletionDueAt?.toISOString() ?? null,
    language: user.language,
  };
}
