import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivitiesCard } from "@/components/me/activities-card";
import { RoomHeading } from "@/components/me/room-heading";
import { RecentlyDeletedCard } from "@/components/me/recently-deleted-card";
import { TemplatesCard } from "@/components/me/templates-card";
import { MoodCard } from "@/components/past/mood-card";
import { WritingCard } from "@/components/past/writing-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.rooms"))("writing.label") };
}

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <RoomHeading href="/me/writing" />
      <div className="grid max-w-3xl gap-6">
        <WritingCard />
        <MoodCard />
        <ActivitiesCard />
        <TemplatesCard />
        <RecentlyDeletedCard />
      </div>
    </>
  );
}
