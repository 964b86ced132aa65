"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { timelineQuery, type DiaryEntry } from "@/client/diary";
import { formatMonth, parseDayKey } from "@/lib/dates/local-day";
import { EntryLink } from "./entry-link";
import { ListMessage, ListError } from "./list-states";
import { LoadMore } from "@/components/ui/load-more";

/** The List view of /my-diary (docs/product.md "Read back"): every entry, newest first, under its month. */
export function DiaryList() {
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
                <EntryLink journal={entry} lines={entry.excerpt} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void (query.isFetchingNextPage || query.fetchNextPage())} />
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
