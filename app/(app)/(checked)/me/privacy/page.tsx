import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { BlockedPeople } from "@/components/me/blocked-people";

export const metadata: Metadata = { title: "Privacy and safety" };

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <PageHeading title="Privacy and safety">
        The people you blocked or muted. Who may read a page is chosen on the page itself.
      </PageHeading>
      <div className="grid max-w-3xl gap-6">
        <BlockedPeople />
      </div>
    </>
  );
}
