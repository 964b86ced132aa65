import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { FellowWriters } from "@/components/friends/fellow-writers";
import { PublicProfile } from "@/components/friends/public-profile";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Writer profile" };

// The page checks the session and knows who is looking; the profile itself loads in the browser
// through the same cache as the friend-request button (docs/decisions/017-client-data-layer.md).
async function PublicProfilePage({ params }: { params: Promise<{ userId: string }> }) {
  const [user, { userId }] = await Promise.all([requirePageUser(), params]);
  return (
    <>
      <PageHeading title="Writer profile" />
      <PublicProfile userId={userId} viewerId={user.id} />
      <FellowWriters excludeId={userId} />
    </>
  );
}

export default checkedPage(PublicProfilePage);
