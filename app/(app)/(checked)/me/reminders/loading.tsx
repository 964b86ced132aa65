import { RoomLoading } from "@/components/me/room-loading";

export default function Loading() {
  return (
    <RoomLoading title="Reminders and notifications">
      A daily nudge to write, and what Inkwell may show on your devices.
    </RoomLoading>
  );
}
