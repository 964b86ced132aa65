import type { Metadata } from "next";
import { ComingSoon } from "@/components/app/coming-soon";
import { PageHeading } from "@/components/app/page-heading";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "My Diary" };

export default async function MyDiaryPage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="My Diary">One page a day, private unless you choose to share it.</PageHeading>
      <ComingSoon>The diary editor is coming soon. Soon you will write today&apos;s page right here.</ComingSoon>
    </>
  );
}
