import type { Metadata } from "next";
import { ReloadButton } from "@/components/app/reload-button";

export const metadata: Metadata = { title: "Offline" };

// What the service worker (app/sw.ts) shows for a page this device has never opened while there is
// no connection (docs/decisions/080).
export default function OfflinePage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-serif text-2xl">You are offline</h1>
      <p className="text-muted-foreground">
        This page has not been opened on this device yet, so it cannot be shown without a connection. Pages you have
        opened recently, and your diary, still open.
      </p>
      <ReloadButton />
    </main>
  );
}
