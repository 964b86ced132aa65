"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useEndSession } from "@/components/app/use-end-session";
import { BusyButton } from "@/components/ui/busy-button";
import { feedQuery, type FeedItem } from "@/client/feed";
import { ApiError } from "@/client/api-error";
import { FeedEmpty, FeedError, FeedLoading } from "./feed-states";
import { JournalCard } from "./journal-card";

/**
 * Friends' shared entries, newest first, ten at a time (docs/product.md §2, §4). 'Load more...' follows the
 * server's cursor and then moves the focus to the first new entry (docs/decisions/027-feed-page.md).
 */
export function CloseCircleFeed() {
  const t = useTranslations("community.feed");
  const endSession = useEndSession();
  const feed = useInfiniteQuery(feedQuery());
  const { data, error, isPending, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage } = feed;
  // Set when 'Load more...' is pressed: how many pages there were, and the index the first new entry will take.
  const focusFrom = useRef<{ pages: number; index: number } | null>(null);

  useEffect(() => {
    // docs/product.md §8: a 401 (the session ended elsewhere) clears the token and goes to /login.
    if (error instanceof ApiError && error.status === 401) endSession();
  }, [error, endSession]);

  const items = unique(data?.pages.flatMap((p) => p.journals) ?? []);

  const pageCount = data?.pages.length ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (!from || pageCount <= from.pages) return;
    focusFrom.current = null;
    const first = items[from.index];
    if (first) document.getElementById(`feed-entry-${first.id}`)?.focus();
  }, [items, pageCount]);

  if (isPending) return <FeedLoading />;
  if (isError && !data)
    return <FeedError message={error.message} busy={isFetching} onRetry={() => void feed.refetch()} />;
  if (items.length === 0) return <FeedEmpty />;

  const loadMore = () => {
    focusFrom.current = { pages: pageCount, index: items.length };
    void feed.fetchNextPage();
  };

  return (
    <>
      <ol aria-label={t("listLabel")} className="flex flex-col gap-8">
        {items.map((item) => (
          <li key={item.id}>
            <JournalCard item={item} />
          </li>
        ))}
      </ol>
      <div className="mt-8 flex justify-center">
        {isError ? (
          <FeedError
            message={error.message}
            busy={isFetching}
            onRetry={() => void (isFetchNextPageError ? loadMore() : feed.refetch())}
          />
        ) : hasNextPage ? (
          <BusyButton
            type="button"
            variant="secondary"
            busy={isFetchingNextPage}
            busyLabel={t("loadingMore")}
            onClick={loadMore}
          >
            {t("loadMore")}
          </BusyButton>
        ) : null}
      </div>
    </>
  );
}

/** Pages follow a cursor and never overlap; should a server ever repeat an entry, it shows once. */
function unique(items: FeedItem[]): FeedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}
