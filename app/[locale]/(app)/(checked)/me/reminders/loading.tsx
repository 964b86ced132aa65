import { RoomLoading } from "@/components/me/room-heading";

export default function Loading() {
  return <RoomLoading href="/me/reminders" />;
}
