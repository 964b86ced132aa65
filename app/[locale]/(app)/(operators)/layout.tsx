import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { isOperator } from "@/lib/admin";
import { requirePageUser } from "@/lib/auth/current-user";
import { config } from "@/lib/config";

// The operators' page (docs/decisions/069). Who may see it is decided here, before anything
// streams and with no loading boundary above it (as app/[locale]/(app)/(checked)/layout.tsx decides the
// session): anyone else gets a real 404 with the not-found page, never a 200 titled "Operators".
// A stale or forged cookie still gets the redirect to /login; a database that cannot answer, a 503.
export default async function OperatorsLayout({ children }: { children: ReactNode }) {
  return unlessUnavailable(async () => {
    const user = await requirePageUser();
    if (!isOperator(user, config().ADMIN_EMAILS)) notFound();
    return children;
  });
}
