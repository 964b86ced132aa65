import { PageHeading } from "@/components/app/page-heading";
import { DiarySkeleton } from "@/components/diary/page-sheet";

// While the server reads the day: the diary's own shapes rather than the app's generic line.
export default function Loading() {
  return (
    <>
      <PageHeading title="My Diary">One entry a day, private unless you choose to share it.</PageHeading>
      <DiarySkeleton />
    </>
  );
}
