import type { ReactNode } from "react";
import { QueryProvider } from "@/components/app/query-provider";
import { SignedInFrame } from "@/components/app/signed-in-frame";
import { ScreenWords } from "@/components/app/screen-words";

// Signed-in screens (docs/decisions/084). This frame reads nothing of the request, so the diary,
// the dashboard and the feed, which read the person's data in the browser, are static shells served
// as files; proxy.ts sends a browser without a session cookie to /login first, and the frame ends a
// refused session itself. Screens that still render per request sit in (checked), whose layout
// checks the session on the server before anything streams.
// Its client components are given the frame's words with the document's, and the community's: the
// notifications panel answers friend requests on every screen (docs/decisions/144).
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <ScreenWords parts={["community"]}>
      <QueryProvider>
        <SignedInFrame>{children}</SignedInFrame>
      </QueryProvider>
    </ScreenWords>
  );
}
