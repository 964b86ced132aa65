import type { Metadata } from "next";
import { RoomHeading } from "@/components/me/room-heading";
import { room } from "@/components/me/rooms";
import { BlockedPeople } from "@/components/me/blocked-people";

export const metadata: Metadata = { title: room("/me/privacy").label };

// A room of /me (docs/product.md "Me", docs/decisions/109).
export default function Page() {
  return (
    <>
      <RoomHeading href="/me/privacy" />
      <div className="grid max-w-3xl gap-6">
        <BlockedPeople />
      </div>
    </>
  );
}
