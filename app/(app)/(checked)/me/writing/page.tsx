import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { WritingCard } from "@/components/past/writing-card";

export const metadata: Metadata = { title: "Your writing" };

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <PageHeading title="Your writing">How often you write: your streaks and a year of days.</PageHeading>
      <div className="grid max-w-3xl gap-6">
        <WritingCard />
      </div>
    </>
  );
}
