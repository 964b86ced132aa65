import type { ReactNode } from "react";
import { ScreenWords } from "@/components/app/screen-words";
import { RoomsNav } from "@/components/me/rooms-nav";

// /me and its rooms (docs/decisions/109): the tab list stays while a room's page loads; their words
// are /me's (docs/decisions/144).
export default function MeLayout({ children }: { children: ReactNode }) {
  return (
    <ScreenWords parts={["me"]}>
      <RoomsNav />
      {children}
    </ScreenWords>
  );
}
