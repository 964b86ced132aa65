import { RoomLoading } from "@/components/me/room-loading";

export default function Loading() {
  return (
    <RoomLoading title="Privacy and safety">
      The people you blocked or muted. Who may read a page is chosen on the page itself.
    </RoomLoading>
  );
}
