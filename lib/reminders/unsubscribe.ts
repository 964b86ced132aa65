import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { NotFoundError } from "@/lib/errors";
import { getAppSecret } from "@/lib/secrets";
import { UNSUBSCRIBE_NOT_FOUND } from "./messages";
import { turnOffReminder } from "./settings";

// The one-click unsubscribe link of a reminder mail (docs/decisions/061): `<user id>.<HMAC>`, signed
// with a key every instance shares (lib/secrets). It names the writer and nothing else, and does
// not expire: a mail read a month later still unsubscribes. The purpose is signed with it, so no
// other signature of ours means anything here.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signatureOf(key: string, userId: string): Buffer {
  return createHmac("sha256", key).update(`reminder-unsubscribe\n${userId}`).digest();
}

/** The token for `userId`'s unsubscribe links. */
export async function unsubscribeToken({ db, userId }: { db: Db; userId: string }): Promise<string> {
  const key = await getAppSecret({ db, name: "unsubscribe" });
  return `${userId}.${signatureOf(key, userId).toString("base64url")}`;
}

/** The writer a token names, or a 404 for one we did not sign. Changes nothing. */
export async function verifyUnsubscribeToken({ db, token }: { db: Db; token: string }): Promise<string> {
  const [userId, signature, ...rest] = token.split(".");
  if (!userId || !signature || rest.length || !UUID.test(userId) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
    throw new NotFoundError(UNSUBSCRIBE_NOT_FOUND);
  const expected = signatureOf(await getAppSecret({ db, name: "unsubscribe" }), userId);
  if (!timingSafeEqual(Buffer.from(signature, "base64url"), expected)) throw new NotFoundError(UNSUBSCRIBE_NOT_FOUND);
  return userId;
}

/** Turns the reminder off for the writer the token names; the same answer whether it was on or not. */
export async function unsubscribeFromReminders({ db, token }: { db: Db; token: string }): Promise<void> {
  const userId = await verifyUnsubscribeToken({ db, token });
  await turnOffReminder({ db, userId });
}
