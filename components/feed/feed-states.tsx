import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, Sprout } from "lucide-react";
import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { PageLink } from "@/components/ui/page-link";
import { FellowWriters } from "@/components/friends/fellow-writers";
import { mutedQuery } from "@/client/blocks";

// The feed's words for waiting, failing and having nothing yet: docs/product.md §2 Feed, texts as written.

export function FeedLoading() {
  const t = useTranslations("community.feed");
  return (
    <p role="status" className="flex items-center gap-2 py-10 text-ink-soft">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {t("loading")}
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
  const t = useTranslations("community.feed");
  return (
    <div className="rounded-lg border border-danger/40 bg-surface p-6">
      <p role="alert" className="font-semibold break-words text-danger">
        {t("error", { message })}
      </p>
      <BusyButton
        type="button"
        variant="secondary"
        busy={busy}
        busyLabel={t("tryingAgain")}
        onClick={onRetry}
        className="mt-3"
      >
        {t("tryAgain")}
      </BusyButton>
    </div>
  );
}

/** "Ann", "Ann and Ben", "Ann, Ben and 2 others". */
function names(people: { user: { name: string } }[], t: ReturnType<typeof useTranslations<"community.feed">>): string {
  const [first = "", second] = people.map((p) => p.user.name);
  const rest = people.length - 2;
  if (second === undefined) return first;
  if (rest > 0) return t("moreNames", { first, second, count: rest });
  return t("twoNames", { first, second });
}

/**
 * Nothing to read: the way to more friends is right here, Fellow Writers. When the quiet is of the
 * reader's own making (friends they muted), it says so and where to undo it, rather than "yet".
 */
export function FeedEmpty() {
  const t = useTranslations("community.feed");
  const muted = useQuery(mutedQuery());
  const mutedPeople = muted.data ?? [];
  return (
    <>
      <div className="notebook flex flex-col items-start rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet">
        <Sprout aria-hidden className="size-8 text-accent" />
        {mutedPeople.length ? (
          <>
            <p className="font-serif text-xl font-semibold text-leather">{t("nothingNow")}</p>
            <p className="text-ink">
              {t("muted", { names: names(mutedPeople, t) })}{" "}
              <PageLink href="/me/privacy" className="font-semibold text-accent underline underline-offset-4">
                {t("unmute")}
              </PageLink>
            </p>
          </>
        ) : (
          <>
            <p className="font-serif text-xl font-semibold text-leather">{t("empty")}</p>
            <p className="text-ink">{t("emptyHint")}</p>
          </>
        )}
      </div>
      <FellowWriters />
    </>
  );
}
