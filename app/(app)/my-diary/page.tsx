import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { DiaryPage } from "@/components/diary/diary-page";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "My Diary" };

export default async function MyDiaryPage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeading title="My Diary">One page a day, private unless you choose to share it.</PageHeading>
      <DiaryPage userId={user.id} />
    </>
  );
}
