import { Eye, MessageCircle, VenetianMask } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ExpandablePhotos } from "@/components/ui/expandable-photo";
import { pageSlides } from "@/components/ui/page-slides";
import { Avatar } from "@/components/ui/avatar";
import type { FeedItem } from "@/client/feed";
import { dayKeyToDate } from "@/lib/dates/local-day";
import { ReportButton } from "@/components/reports/report-button";
import { HeartButton } from "./heart-button";
import { RelativeTime } from "@/components/app/relative-time";
import { FormattedText } from "@/components/ui/formatted-text";
import { withElement } from "@/components/auth/with-element";

/**
 * The entry's day, "Nov 20"; with its year when that is not the year it was shared (a day written
 * back into last year). Read from the day and the shared time alone, so server and browser agree.
 */
function entryDay(day: string, sharedIso: string): string {
  const sameYear = day.slice(0, 4) === sharedIso.slice(0, 4);
  return dayKeyToDate(day).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

/**
 * One friend's entry as a page of their notebook: who wrote it, the entry's day and when it was
 * shared ("Nov 20 · shared just now"); an anonymous entry shows its day only (docs/decisions/025-anonymity.md).
 * No place: an entry stores none, and the writer's profile location today is not where an older
 * page was written (docs/decisions/099).
 */
export function JournalCard({ item }: { item: FeedItem }) {
  const t = useTranslations("community.entry");
  const author = item.isAnonymous ? null : item.author;
  const photo = item.images[0];
  const headingId = `feed-entry-${item.id}`;
  return (
    <article aria-labelledby={headingId}>
      <div className="notebook rounded-lg border border-ink-soft/20 pt-8 pr-4 pb-4 pl-14 shadow-sheet sm:pr-8">
        {/* Every line here is a ruled line tall (leading-8), so however the name or the day wraps,
            the title and the text below start on a rule (app/globals.css, the notebook utility). */}
        <div className="flex items-start gap-3">
          {author ? (
            <Avatar name={author.name} image={author.profileImage} />
          ) : (
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-paper-deep text-ink-soft">
              <VenetianMask aria-hidden className="size-5" />
            </span>
          )}
          <div className="min-w-0">
            <p className="leading-8 font-semibold break-words text-ink">
              {author ? (
                <Link href={`/public/${author.id}`} className="underline-offset-4 hover:text-accent hover:underline">
                  {author.name}
                </Link>
              ) : (
                // docs/product.md §2: 'A Friend' when anonymous or when the server sends no author.
                t("aFriend")
              )}
            </p>
            <p className="flex flex-wrap items-center gap-x-3 text-sm leading-8 text-ink-soft">
              <span>
                <time dateTime={item.journaldate}>{entryDay(item.journaldate, item.createdAt)}</time>
                {item.isAnonymous
                  ? null
                  : withElement((when) => t("shared", { when }), <RelativeTime iso={item.createdAt} inSentence />)}
              </span>
            </p>
          </div>
        </div>
        <h2
          id={headingId}
          tabIndex={-1}
          dir="auto"
          className="text-2xl leading-8 font-semibold break-words text-leather"
        >
          {item.title}
        </h2>
        <FormattedText text={item.content} className="font-serif text-lg leading-8 break-words text-ink" />
        {photo ? (
          <div className="mt-8">
            <ExpandablePhotos photos={pageSlides(item)} size={null} />
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1">
          <HeartButton item={item} />
          {/* Shown as it comes, not halved as docs/product.md §9 says: that made up for an original server counting
              each view twice; ours counts one read per reader per day (docs/decisions/026-feed-paging-and-reads.md). */}
          <p className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
            <Eye aria-hidden className="size-5" />
            {t("reads", { count: item.reads })}
          </p>
          <Link
            href={`/replies/${item.id}`}
            className="ml-auto inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-accent underline-offset-2 hover:underline"
          >
            <MessageCircle aria-hidden className="size-5" />
            {t("replyPrivately")}
            <span className="sr-only">{t("replyTo", { title: item.title })}</span>
          </Link>
          <ReportButton target={{ journalId: item.id }} what={`“${item.title}”`} />
        </div>
      </div>
    </article>
  );
}
