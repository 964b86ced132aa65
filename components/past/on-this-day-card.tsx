"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { History, VenetianMask } from "lucide-react";
import Link from "next/link";
import type { FeedItem, Journal } from "@/lib/contract/answers";
import { ON_THIS_DAY_FAILED, onThisDayQuery } from "@/client/past";
import { useLocalToday } from "@/components/diary/use-local-today";
import { useOpenedWords } from "@/components/lock/use-opened-words";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";
import { plainTextOf } from "@/lib/journals/formatting";
import { RetryStatus } from "@/components/ui/retry-status";

/** "A year ago today…", "3 years ago today…" (docs/product.md "Dashboard"). */
export function yearsAgoHeading(years: number): string {
  return years === 1 ? "A year ago today…" : `${years} years ago today…`;
}

/** The first line of an entry, without formatting's marks, cut to a card's width. */
function firstLine(content: string): string {
  const line = plainTextOf(content).split("\n", 1)[0]!;
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

type Item = { kind: "mine"; entry: Journal } | { kind: "friend"; entry: FeedItem };

function ItemLink({ item }: { item: Item }) {
  // One's own locked page, opened on a device with the key (docs/diary-lock.md).
  const opened = useOpenedWords(item.kind === "mine" ? item.entry : { id: "", updatedAt: "", locked: false });
  const entry = opened ? { ...item.entry, title: opened.title, content: opened.excerpt } : item.entry;
  const href =
    item.kind === "mine"
      ? `/my-diary?day=${entry.journaldate}`
      : item.entry.author
        ? `/public/${item.entry.author.id}`
        : "/close-circle";
  const who = item.kind === "mine" ? "You" : (item.entry.author?.name ?? "A Friend");
  return (
    <li className="flex gap-3">
      {item.kind === "friend" && !item.entry.author ? (
        <VenetianMask aria-hidden className="mt-1 size-4 shrink-0 text-ink-soft" />
      ) : null}
      <div className="min-w-0">
        <Link href={href} dir="auto" className="font-semibold break-words text-accent underline underline-offset-4">
          {entry.title}
        </Link>
        <p className="text-sm break-words text-ink-soft">
          <span className="font-medium text-ink">{who}</span> · <bdi>{firstLine(entry.content)}</bdi>
        </p>
      </div>
    </li>
  );
}

/**
 * On This Day (docs/decisions/062-on-this-day-and-streaks.md): the writer's and their friends'
 * entries of today's month and day in earlier years, grouped by how long ago. Hidden while there is
 * nothing to show (still loading, or nothing that day); a failure says so in one line.
 */
export function OnThisDayCard({ serverToday, className = "" }: { serverToday: DayKey | null; className?: string }) {
  const today = useLocalToday(serverToday);
  const query = useQuery({ ...onThisDayQuery(today ?? ""), enabled: today !== null });
  if (!today) return null;
  if (query.isError) {
    return <RetryStatus message={ON_THIS_DAY_FAILED} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return null;
  const items: Item[] = [
    ...query.data.mine.map((entry) => ({ kind: "mine" as const, entry })),
    ...query.data.friends.map((entry) => ({ kind: "friend" as const, entry })),
  ];
  if (!items.length) return null;

  const thisYear = parseDayKey(today).year;
  const byYears = new Map<number, Item[]>();
  for (const item of items) {
    const years = thisYear - parseDayKey(item.entry.journaldate).year;
    byYears.set(years, [...(byYears.get(years) ?? []), item]);
  }
  const [nearest, ...older] = [...byYears.entries()].sort(([a], [b]) => a - b);
  return (
    <section
      aria-labelledby="on-this-day"
      className={`${className} rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm`}
    >
      <h2 id="on-this-day" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <History aria-hidden className="size-5 text-accent" />
        On This Day
      </h2>
      <YearGroup years={nearest![0]} group={nearest![1]} />
      {older.length ? <OlderYears older={older} /> : null}
    </section>
  );
}

function YearGroup({ years, group }: { years: number; group: Item[] }) {
  return (
    <div className="mt-4">
      <h3 className="mb-2 font-serif text-lg text-ink italic">{yearsAgoHeading(years)}</h3>
      <ul className="flex flex-col gap-3">
        {group.map((item) => (
          <ItemLink key={item.entry.id} item={item} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The years before the nearest one, behind 'More years (n)': a diary of many years keeps the card,
 * and the page under it, short (docs/product.md "Dashboard"). Opened, they come before the button,
 * which keeps the focus and reads 'Fewer years'.
 */
function OlderYears({ older }: { older: [number, Item[]][] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id="on-this-day-older" hidden={!open}>
        {older.map(([years, group]) => (
          <YearGroup key={years} years={years} group={group} />
        ))}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="on-this-day-older"
        onClick={() => setOpen((o) => !o)}
        className="mt-4 min-h-11 font-semibold text-accent underline underline-offset-4"
      >
        {open ? "Fewer years" : `More years (${older.length})`}
      </button>
    </>
  );
}
