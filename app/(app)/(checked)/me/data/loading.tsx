import { RoomLoading } from "@/components/me/room-loading";

export default function Loading() {
  return (
    <RoomLoading title="Your data">
      Your diary is yours: print it, take all of it with you, or bring pages from Day One.
    </RoomLoading>
  );
}
