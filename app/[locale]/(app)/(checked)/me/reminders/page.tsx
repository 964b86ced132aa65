import type { Metadata } from "next";
import { RoomHeading } from "@/components/me/room-heading";
import { room } from "@/components/me/rooms";
import { NotificationSettingsCard } from "@/components/me/notification-settings";
import { ReminderSettingsCard } from "@/components/me/reminder-settings";

export const metadata: Metadata = { title: room("/me/reminders").label };

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
