import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoomHeading } from "@/components/me/room-heading";
import { BlockedPeople } from "@/components/me/blocked-people";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.rooms"))("privacy.label") };
}

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <RoomHeading href="/me/privacy" />
      <div className="grid max-w-3xl gap-6">
        <BlockedPeople />
      </div>
    </>
  );
}
