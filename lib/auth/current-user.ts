import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";
import { SESSION_COOKIE } from "./cookie-name";
import { LOGIN_AFTER_SESSION_ENDED } from "./session-limits";
import { getSessionUser, type SessionUser } from "./sessions";

/** The signed-in user of a server-rendered page, from the session cookie, or null. Once per request. */
export const getPageUser = cache(async (): Promise<SessionUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return (await pageRead(getSessionUser({ db: getDb(), token })))?.user ?? null;
});

/**
 * For protected pages: the user, or a redirect to /login (proxy.ts only looks at the cookie's
 * presence). A cookie that names no live session any more says why on /login (docs/decisions/098).
 */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await getPageUser();
  if (user) return user;
  redirect((await cookies()).get(SESSION_COOKIE)?.value ? LOGIN_AFTER_SESSION_ENDED : "/login");
}
