import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { DownloadJournal } from "@/components/me/download-journal";
import { ExportEverythingCard } from "@/components/me/export-everything";
import { ImportCard } from "@/components/me/import-card";

export const metadata: Metadata = { title: "Your data" };

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <PageHeading title="Your data">
        Your diary is yours: print it, take all of it with you, or bring pages from Day One.
      </PageHeading>
      <div className="grid gap-6 md:grid-cols-2">
        <DownloadJournal />
        <ExportEverythingCard />
        <ImportCard />
      </div>
    </>
  );
}
