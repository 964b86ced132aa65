"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { timelineQuery, type DiaryEntry } from "@/client/diary";
import { formatMonth, parseDayKey } from "@/lib/dates/local-day";
import { CloudOff } from "lucide-react";
import Link from "next/link";
import type { OutboxItem } from "@/client/outbox";
import { formatLongDay } from "@/lib/dates/local-day";
import { entryHref } from "./entry-link";
import { ListEntryLink } from "@/components/lock/list-entry-link";
import { useOutboxItems } from "./use-outbox";
import { ListMessage, ListError } from "./list-states";
import { LoadMore } from "@/components/ui/load-more";
import { LOCKED_TITLE } from "@/lib/validation/lock-sizes";

/**
 * The List view of /my-diary (docs/product.md "Read back"): the pages waiting to be sent first
 * (docs/decisions/081), then every entry, newest first, under its month.
 */
export function DiaryList({ userId }: { userId: string }) {
  const waiting = useOutboxItems(userId).filter((i) => i.state === "waiting");
  return (
    <div className="flex flex-col gap-6">
      {waiting.length ? <WaitingList items={waiting} /> : null}
      <SavedList />
    </div>
  );
}

function WaitingList({ items }: { items: OutboxItem[] }) {
  return (
    <section aria-labelledby="diary-waiting-heading" className="flex flex-col gap-3">
      <h2 id="diary-waiting-heading" className="text-lg font-semibold text-leather">
        Waiting to be sent
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              href={entryHref(item.day)}
              className="flex items-center gap-3 rounded-lg border border-dashed border-leather/60 bg-surface p-3 shadow-sm hover:bg-paper-deep sm:p-4"
            >
              <CloudOff aria-hidden className="size-5 shrink-0 text-leather" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold break-words text-ink">
                  {item.fields.title || (item.sealed ? LOCKED_TITLE : "Untitled")}
                </span>
                <span className="text-sm text-ink-soft">
                  {formatLongDay(item.day)} · saved on this device, waiting to be sent
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SavedList() {
  const query = useInfiniteQuery(timelineQuery());
  if (query.isPending) return <ListMessage busy>Loading your entries…</ListMessage>;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((p) => p.journals);
  if (!entries.length) return <ListMessage>No entries yet. Write today’s page from the calendar.</ListMessage>;
  return (
    <section aria-labelledby="diary-list-heading" className="flex flex-col gap-6">
      <h2 id="diary-list-heading" className="sr-only">
        All entries
      </h2>
      {byMonth(entries).map(({ key, label, items }) => (
        <section key={key} aria-labelledby={`month-${key}`} className="flex flex-col gap-3">
          <h3 id={`month-${key}`} className="text-lg font-semibold text-leather">
            {label}
          </h3>
          <ul className="flex flex-col gap-3">
            {items.map((entry) => (
              <li key={entry.id}>
                <ListEntryLink entry={entry} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void (query.isFetchingNextPage || query.fetchNextPage())}
      />
    </section>
  );
}

/** Entries in runs of one month each, in the order they come. */
function byMonth(entries: DiaryEntry[]): { key: string; label: string; items: DiaryEntry[] }[] {
  const months: { key: string; label: string; items: DiaryEntry[] }[] = [];
  for (const entry of entries) {
    const key = entry.journaldate.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.key === key) last.items.push(entry);
    else {
      const { year, month } = parseDayKey(entry.journaldate);
      months.push({ key, label: formatMonth(year, month), items: [entry] });
    }
  }
  return months;
}
