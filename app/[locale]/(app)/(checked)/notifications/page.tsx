import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { NotificationList } from "@/components/notifications/notification-list";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Notifications" };

async function NotificationsPage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Notifications">Friend requests, answers to yours, and hearts on your entries.</PageHeading>
      <section aria-labelledby="inbox-heading" className="rounded-lg border border-ink-soft/20 bg-paper p-6 shadow-sm">
        <h2 id="inbox-heading" className="mb-2 text-xl font-semibold">
          Activity
        </h2>
        <NotificationList headingId="inbox-heading" />
      </section>
    </>
  );
}

export default checkedPage(NotificationsPage);
