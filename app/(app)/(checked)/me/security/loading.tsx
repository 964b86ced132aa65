import { RoomLoading } from "@/components/me/room-loading";

export default function Loading() {
  return (
    <RoomLoading title="Security">
      Where your account is signed in, how it signs in, its email address, and leaving.
    </RoomLoading>
  );
}
