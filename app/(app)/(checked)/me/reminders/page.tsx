import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { NotificationSettingsCard } from "@/components/me/notification-settings";
import { ReminderSettingsCard } from "@/components/me/reminder-settings";

export const metadata: Metadata = { title: "Reminders and notifications" };

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <PageHeading title="Reminders and notifications">
        A daily nudge to write, and what Inkwell may show on your devices.
      </PageHeading>
      <div className="grid gap-6 md:grid-cols-2">
        <ReminderSettingsCard />
        <NotificationSettingsCard />
      </div>
    </>
  );
}
