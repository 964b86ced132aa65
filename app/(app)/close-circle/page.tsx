import type { Metadata } from "next";
import { ComingSoon } from "@/components/app/coming-soon";
import { PageHeading } from "@/components/app/page-heading";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "My Friends" };

export default async function CloseCirclePage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Close Circle">Stories shared by your friends.</PageHeading>
      <ComingSoon>Your friends&apos; stories will appear here soon. We are still binding this part of the notebook.</ComingSoon>
    </>
  );
}
