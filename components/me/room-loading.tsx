import { LoaderCircle } from "lucide-react";
import { PageHeading } from "@/components/app/page-heading";

/**
 * A room's loading.tsx: its heading at once, then a line. Each room has its own boundary: /me's,
 * already shown, would keep the last room on screen until the server had read the next one.
 */
export function RoomLoading({ title, children }: { title: string; children?: string }) {
  return (
    <>
      <PageHeading title={title}>{children}</PageHeading>
      <p role="status" className="flex items-center gap-2 py-4 text-ink-soft">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        Opening your notebook…
      </p>
    </>
  );
}
