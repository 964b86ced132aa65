import { LoaderCircle } from "lucide-react";
import { PageHeading } from "@/components/app/page-heading";

// A boundary of its own below /me: without it, /me's loading boundary (already shown) kept the
// profile on screen after a click on "Where you’re signed in" until the server had read the whole
// Security screen, which on a busy machine outlasted a test's wait (e2e/security.spec.ts).
export default function Loading() {
  return (
    <>
      <PageHeading title="Security">
        Where your account is signed in, how it signs in, its email address, and leaving.
      </PageHeading>
      <p role="status" className="flex items-center gap-2 py-4 text-ink-soft">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        Opening your notebook…
      </p>
    </>
  );
}
