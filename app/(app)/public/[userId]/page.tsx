import type { Metadata } from "next";
import { ComingSoon } from "@/components/app/coming-soon";
import { PageHeading } from "@/components/app/page-heading";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Writer profile" };

// The profile itself (GET /api/users/{userId}) arrives with the profiles feature.
export default async function PublicProfilePage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Writer profile" />
      <ComingSoon>Public profiles are coming soon: a writer&apos;s story, stats and fellow writers will live here.</ComingSoon>
    </>
  );
}
