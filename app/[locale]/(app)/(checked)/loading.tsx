import { LoaderCircle } from "lucide-react";

// Shown inside the app frame while a page's server data loads, so the navigation stays usable.
export default function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-ink-soft">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Opening your notebook…
    </p>
  );
}
