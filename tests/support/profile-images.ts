import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import type { FactoryDb } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { testEnv } from "./env";
import { imageBlob, send, toForm } from "./journals";

// Profile pictures (docs/decisions/028): uploads, the signed URLs every answer carries, and the
// owner's folder on the local-disk instances.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Matches the URL an answer gives `viewerId` for `ownerId`'s picture stored under `key`: absolute
 * on the instance's APP_URL, naming the file's uuid and the viewer, with an expiry and a signature.
 */
export function signedPicture({
  ownerId,
  viewerId,
  key,
  base = testEnv.baseUrl,
}: {
  ownerId: string;
  viewerId: string;
  key: string;
  base?: string;
}) {
  const version = /([0-9a-f-]{36})\.webp$/.exec(key)![1]!;
  return expect.stringMatching(
    new RegExp(`^${escape(base)}/api/users/${ownerId}/avatar\\?v=${version}&u=${viewerId}&e=\\d+&s=[A-Za-z0-9_-]{43}$`),
  );
}

export function uploadPicture(token: string | undefined, image?: Blob, base?: string) {
  return send<{ imageUrl: string }>("/api/upload/profile-image", {
    method: "POST",
    token,
    form: toForm({ image }),
    base,
  });
}

/** A photo larger than a profile picture and not square, with EXIF and GPS. */
export async function widePhoto(width = 1200, height = 800): Promise<Blob> {
  const data = await sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "InkwellTestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSMapDatum: "InkwellDatum" },
    })
    .toBuffer();
  return imageBlob(data, "image/jpeg");
}

/** The key the URL of an upload names, in its owner's folder. */
export function keyOfUrl(url: string): string {
  const u = new URL(url);
  const owner = /^\/api\/users\/([0-9a-f-]{36})\/avatar$/.exec(u.pathname)![1];
  return `profiles/${owner}/${u.searchParams.get("v")}.webp`;
}

export function pictureFile(key: string): string {
  return path.join(testEnv.dataDir, "uploads", ...key.split("/"));
}

/** The files in a person's folder on the local-disk instances (temp files excluded). */
export function storedPictures(ownerId: string): string[] {
  const dir = path.join(testEnv.dataDir, "uploads", "profiles", ownerId);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => !f.startsWith("."))
    .map((f) => `profiles/${ownerId}/${f}`)
    .sort();
}

export async function storedKeyOf(db: FactoryDb, userId: string): Promise<string | null> {
  const [row] = await db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, userId));
  return row!.key;
}
