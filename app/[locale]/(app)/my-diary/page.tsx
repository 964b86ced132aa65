import type { Metadata } from "next";
import { Suspense } from "react";
import { EARLY_DIARY_SCRIPT } from "@/client/early-answers";
import { PageHeading } from "@/components/app/page-heading";
import { ReminderOffer } from "@/components/diary/reminder-offer";
import { MyDiaryViews } from "@/components/diary/my-diary-views";
import { DiarySkeleton } from "@/components/diary/page-sheet";
import { OnThisDayCard } from "@/components/past/on-this-day-card";

export const metadata: Metadata = { title: "My Diary" };

/**
 * A static shell (docs/decisions/084): the same file for everyone, sent at once, with the diary's
 * skeleton; the browser then works out the writer's today and asks for the day and the month
 * (docs/decisions/020 before it: the server rendered the day from the time-zone cookie).
 * `?day=` and `?tag=` are read in the browser, hence the Suspense boundary around the views.
 */
export default function MyDiaryPage() {
  return (
    <>
      {/* Asks for who is signed in, today and its month while the rest of the page loads (docs/decisions/091). */}
      <script dangerouslySetInnerHTML={{ __html: EARLY_DIARY_SCRIPT }} />
      {/* data-chrome: what folds away while writing on a phone (components/diary/use-writing-mode.ts);
          the page's heading only from sight. */}
      <div data-chrome="heading">
        <PageHeading title="My Diary">One entry a day, private unless you choose to share it.</PageHeading>
      </div>
      <Suspense fallback={<DiarySkeleton />}>
        <MyDiaryViews />
      </Suspense>
      {/* Under the page, not above it: it appears once the profile and the settings have answered, and must not push the diary down then. */}
      <div data-chrome>
        <ReminderOffer />
        <OnThisDayCard serverToday={null} className="mt-8" />
      </div>
    </>
  );
}
