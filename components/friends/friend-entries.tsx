"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { JournalCard } from "@/components/feed/journal-card";
import { HeartCacheKey } from "@/components/feed/use-heart";
import { LoadMore } from "@/components/ui/load-more";
import { friendEntriesQuery, friendKeys, friendStatusQuery } from "@/client/friends";

const CARD = "rounded-lg border border-ink-soft/20 bg-surface p-6 shadow-sm";

export interface FriendEntriesProps {
  userId: string;
  isMe: boolean;
  name: string;
}

/**
 * Below a friend's profile (docs/product.md "Public profile"): their entries shared with the close
 * circle under their name, newest first, as the feed shows them, hearts included; never an
 * anonymous one (docs/decisions/065). Shown to friends and on one's own profile, to no one else.
 */
export function FriendEntries({ userId, isMe, name }: FriendEntriesProps) {
  const t = useTranslations("community.friendEntries");
  const status = useQuery({ ...friendStatusQuery(userId), enabled: !isMe });
  const allowed = isMe || status.data === "accepted";
  const entries = useInfiniteQuery({ ...friendEntriesQuery(userId), enabled: allowed });
  if (!allowed) return null;

  const items = entries.data?.pages.flatMap((p) => p.journals) ?? [];
  return (
    <section aria-labelledby="friend-entries-heading" className="mt-8">
      <h2 id="friend-entries-heading" className="mb-4 font-serif text-2xl font-semibold text-ink">
        {isMe ? t("mineTitle") : t("title", { name })}
      </h2>
      {entries.isPending ? (
        <p role="status" className={`${CARD} text-ink-soft`}>
          {t("loading")}
        </p>
      ) : entries.isError && !entries.data ? (
        <p role="alert" className={`${CARD} font-semibold text-danger`}>
          {entries.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className={`${CARD} text-ink-soft`}>{isMe ? t("mineEmpty") : t("empty", { name })}</p>
      ) : (
        <HeartCacheKey.Provider value={friendKeys.entries(userId)}>
          <ol className="space-y-6">
            {items.map((item) => (
              <li key={item.id}>
                <JournalCard item={item} />
              </li>
            ))}
          </ol>
          <LoadMore
            hasMore={entries.hasNextPage}
            loading={entries.isFetchingNextPage}
            onMore={() => void entries.fetchNextPage()}
          />
        </HeartCacheKey.Provider>
      )}
    </section>
  );
}
