import type { Metadata } from "next";
import { RoomHeading } from "@/components/me/room-heading";
import { room } from "@/components/me/rooms";
import { DownloadJournal } from "@/components/me/download-journal";
import { ExportEverythingCard } from "@/components/me/export-everything";
import { ImportCard } from "@/components/me/import-card";

export const metadata: Metadata = { title: room("/me/data").label };

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
