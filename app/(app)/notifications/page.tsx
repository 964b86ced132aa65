import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { FriendRequestsList } from "@/components/nav/friend-requests-list";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Notifications">Friend requests waiting for your answer.</PageHeading>
      <section aria-labelledby="requests-heading" className="rounded-lg bg-paper border border-ink-soft/20 p-6 shadow-sm">
        <h2 id="requests-heading" className="mb-2 text-xl font-semibold">
          Friend requests
        </h2>
        <FriendRequestsList />
      </section>
    </>
  );
}
