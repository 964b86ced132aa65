import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoomHeading } from "@/components/me/room-heading";
import { DownloadJournal } from "@/components/me/download-journal";
import { ExportEverythingCard } from "@/components/me/export-everything";
import { ImportCard } from "@/components/me/import-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.rooms"))("data.label") };
}

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <RoomHeading href="/me/data" />
      <div className="grid gap-6 md:grid-cols-2">
        <DownloadJournal />
        <ExportEverythingCard />
        <ImportCard />
      </div>
    </>
  );
}
