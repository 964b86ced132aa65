import { Lock, Users } from "lucide-react";
import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Journal } from "@/client/journals";
import { dayKeyToDate } from "@/lib/dates/local-day";
import { VISIBILITY_LABELS } from "@/lib/validation/journal-limits";

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric" });

/** Where an entry opens: its day in the diary (docs/product.md "Read back"). */
export function entryHref(day: string): string {
  return `/my-diary?day=${day}`;
}

/** `withMonth`: the month and year shown under the day, where nothing around says them (a search's hits span years). */
type SummaryProps = { journal: Journal; lines: ReactNode; withMonth?: boolean };
type Props = SummaryProps & { onOpen?: () => void };

/** The card around an entry's summary, a link or a combobox's option (./diary-search.tsx). */
export const ENTRY_CARD_CLASS =
  "flex gap-3 rounded-lg border border-ink-soft/20 bg-surface p-3 shadow-sm transition-colors hover:border-accent/60 hover:bg-paper-deep sm:gap-4 sm:p-4";

/**
 * One entry in the List view or a search's hits: a link to its day, with the day, the title, a few
 * lines (`lines`: the excerpt, or a snippet with its matches marked), the photo and the visibility.
 */
export function EntryLink({ journal, lines, onOpen, withMonth = false }: Props) {
  return (
    <Link href={entryHref(journal.journaldate)} onClick={onOpen} className={ENTRY_CARD_CLASS}>
      <EntrySummary journal={journal} lines={lines} withMonth={withMonth} />
    </Link>
  );
}

/** What a card says of an entry: the day, the title, `lines`, the visibility and the photo. */
export function EntrySummary({ journal, lines, withMonth = false }: SummaryProps) {
  const date = dayKeyToDate(journal.journaldate);
  const Icon = journal.visibility === "private" ? Lock : Users;
  const photo = journal.images[0];
  return (
    <>
      <time
        dateTime={journal.journaldate}
        className={`flex shrink-0 flex-col items-center text-ink-soft ${withMonth ? "w-16" : "w-11"}`}
      >
        <span className="text-xs font-semibold uppercase">{WEEKDAY.format(date)}</span>
        <span className="text-2xl leading-8 font-semibold text-leather">{date.getDate()}</span>
        {withMonth ? (
          <span aria-hidden className="text-xs font-semibold whitespace-nowrap uppercase">
            {MONTH_YEAR.format(date)}
          </span>
        ) : null}
        <span className="sr-only">{DAY_MONTH_YEAR.format(date)}</span>
      </time>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span dir="auto" className="font-semibold break-words text-ink">
          {journal.title}
        </span>
        <span dir="auto" className="line-clamp-2 font-serif text-sm break-words text-ink-soft">
          {lines}
        </span>
        <span className="flex items-center gap-1 text-xs text-ink-soft">
          <Icon aria-hidden className="size-3.5" />
          {VISIBILITY_LABELS[journal.visibility].label}
          {journal.isAnonymous ? " · Anonymous" : null}
        </span>
      </span>
      {photo ? (
        <Image
          src={photo}
          alt=""
          width={64}
          height={64}
          unoptimized
          className="size-16 shrink-0 rounded-md border border-ink-soft/20 object-cover"
        />
      ) : null}
    </>
  );
}
