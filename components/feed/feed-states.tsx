import { LoaderCircle, Sprout } from "lucide-react";
import { BusyButton } from "@/components/ui/busy-button";
import { FellowWriters } from "@/components/friends/fellow-writers";

// The feed's words for waiting, failing and having nothing yet: docs/product.md §2 Feed, texts as written.

const FEED_LOADING = "Loading your close circle's entries...";

export function FeedLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-ink-soft">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {FEED_LOADING}
    </p>
  );
}

/** docs/product.md §8: the server's message, or 'HTTP error! status: {code}' (client/feed.ts). */
export function FeedError({ message, busy, onRetry }: { message: string; busy: boolean; onRetry: () => void }) {
  return (
    <div className="rounded-lg border border-danger/40 bg-surface p-6">
      <p role="alert" className="font-semibold break-words text-danger">
        Error loading entries: {message}
      </p>
      <BusyButton type="button" variant="secondary" busy={busy} busyLabel="Trying again…" onClick={onRetry} className="mt-3">
        Try Again
      </BusyButton>
    </div>
  );
}

/** Nobody has shared anything with me yet: the way to more friends is right here, Fellow Writers. */
export function FeedEmpty() {
  return (
    <>
      <div className="notebook flex flex-col items-start rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet">
        <Sprout aria-hidden className="size-8 text-accent" />
        <p className="font-serif text-xl font-semibold text-leather">No entries from your close circle yet.</p>
        <p className="text-ink">Don&apos;t worry...Connect with more friends....</p>
      </div>
      <FellowWriters />
    </>
  );
}
