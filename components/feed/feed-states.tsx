import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, Sprout } from "lucide-react";
import { BusyButton } from "@/components/ui/busy-button";
import { PageLink } from "@/components/ui/page-link";
import { FellowWriters } from "@/components/friends/fellow-writers";
import { mutedQuery } from "@/client/blocks";

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

export interface FeedErrorProps {
  message: string;
  busy: boolean;
  onRetry: () => void;
}

/** docs/product.md §8: the server's message, or words for a server fault (client/feed.ts). */
export function FeedError({ message, busy, onRetry }: FeedErrorProps) {
  return (
    <div className="rounded-lg border border-danger/40 bg-surface p-6">
      <p role="alert" className="font-semibold break-words text-danger">
        Error loading entries: {message}
      </p>
      <BusyButton
        type="button"
        variant="secondary"
        busy={busy}
        busyLabel="Trying again…"
        onClick={onRetry}
        className="mt-3"
      >
        Try Again
      </BusyButton>
    </div>
  );
}

/** "Ann", "Ann and Ben", "Ann, Ben and 2 others". */
function names(people: { user: { name: string } }[]): string {
  const shown = people.slice(0, 2).map((p) => p.user.name);
  const rest = people.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest === 1 ? "1 other" : `${rest} others`}`;
  return shown.join(" and ");
}

/**
 * Nothing to read: the way to more friends is right here, Fellow Writers. When the quiet is of the
 * reader's own making (friends they muted), it says so and where to undo it, rather than "yet".
 */
export function FeedEmpty() {
  const muted = useQuery(mutedQuery());
  const mutedPeople = muted.data ?? [];
  return (
    <>
      <div className="notebook flex flex-col items-start rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet">
        <Sprout aria-hidden className="size-8 text-accent" />
        {mutedPeople.length ? (
          <>
            <p className="font-serif text-xl font-semibold text-leather">Nothing to read right now.</p>
            <p className="text-ink">
              You muted {names(mutedPeople)}: their signed entries stay out of your feed.{" "}
              <PageLink href="/me/privacy" className="font-semibold text-accent underline underline-offset-4">
                Unmute under Privacy and safety
              </PageLink>
            </p>
          </>
        ) : (
          <>
            <p className="font-serif text-xl font-semibold text-leather">No entries from your close circle yet.</p>
            <p className="text-ink">Don&apos;t worry...Connect with more friends....</p>
          </>
        )}
      </div>
      <FellowWriters />
    </>
  );
}
