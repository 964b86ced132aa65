import type { ReactNode } from "react";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { requirePageUser } from "@/lib/auth/current-user";

// The signed-in screens rendered per request (/me, the inbox, replies, profiles, operators). The
// session is checked here, above this group's loading.tsx, so a stale or forged cookie gets a real
// redirect to /login rather than a streamed frame, and a database that cannot check it a 503 that
// says so (docs/decisions/041, 056). Pages call requirePageUser() too, for the user; cache() makes
// it one lookup.
export default async function CheckedLayout({ children }: { children: ReactNode }) {
  return unlessUnavailable(async () => {
    await requirePageUser();
    return children;
  });
}
