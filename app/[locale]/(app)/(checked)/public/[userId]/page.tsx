import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app/page-heading";
import { FellowWriters } from "@/components/friends/fellow-writers";
import { PublicProfile } from "@/components/friends/public-profile";
import { requirePageUser } from "@/lib/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("community.pages"))("writerProfile") };
}

// The page checks the session and knows who is looking; the profile itself loads in the browser
// through the same cache as the friend-request button (docs/decisions/017-client-data-layer.md).
async function PublicProfilePage({ params }: { params: Promise<{ userId: string }> }) {
  const [user, { userId }] = await Promise.all([requirePageUser(), params]);
  const t = await getTranslations("community.pages");
  return (
    <>
      <PageHeading title={t("writerProfile")} />
      <PublicProfile userId={userId} viewerId={user.id} />
      <FellowWriters excludeId={userId} />
    </>
  );
}

export default checkedPage(PublicProfilePage);
