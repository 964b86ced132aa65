import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app/page-heading";
import { NotificationList } from "@/components/notifications/notification-list";
import { requirePageUser } from "@/lib/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("community.pages"))("notifications") };
}

async function NotificationsPage() {
  await requirePageUser();
  const t = await getTranslations("community.pages");
  return (
    <>
      <PageHeading title={t("notifications")}>{t("notificationsLead")}</PageHeading>
      <section aria-labelledby="inbox-heading" className="rounded-lg border border-ink-soft/20 bg-paper p-6 shadow-sm">
        <h2 id="inbox-heading" className="mb-2 text-xl font-semibold">
          {t("activity")}
        </h2>
        <NotificationList headingId="inbox-heading" />
      </section>
    </>
  );
}

export default checkedPage(NotificationsPage);
