import { RoomLoading } from "@/components/me/room-loading";

export default function Loading() {
  return <RoomLoading title="Your writing">How often you write: your streaks and a year of days.</RoomLoading>;
}
