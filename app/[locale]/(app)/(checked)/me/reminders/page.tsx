import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoomHeading } from "@/components/me/room-heading";
import { NotificationSettingsCard } from "@/components/me/notification-settings";
import { ReminderSettingsCard } from "@/components/me/reminder-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.rooms"))("reminders.label") };
}

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <RoomHeading href="/me/reminders" />
      <div className="grid gap-6 md:grid-cols-2">
        <ReminderSettingsCard />
        <NotificationSettingsCard />
      </div>
    </>
  );
}
