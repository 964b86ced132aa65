import type { ReactNode } from "react";
import { RoomsNav } from "@/components/me/rooms-nav";

// /me and its rooms (docs/decisions/109): the tab list stays while a room's page loads.
export default function MeLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <RoomsNav />
      {children}
    </>
  );
}
