import { Eye, MapPin, VenetianMask } from "lucide-react";
import Link from "next/link";
import { PhotoFrame, photoAlt } from "@/components/diary/photo-field";
import { Avatar } from "@/components/ui/avatar";
import type { FeedItem } from "@/client/feed";
import { dayKeyToDate } from "@/client/local-day";
import { HeartButton } from "./heart-button";
import { RelativeTimeLabel } from "./relative-time-label";

/** docs/product.md §2: who wrote it shows as 'A Friend' when anonymous or when the server sends no author. */
const ANONYMOUS_NAME = "A Friend";

function tabDate(day: string): string {
  return dayKeyToDate(day).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** One friend's entry as a page of their notebook, its day on a tab at the top. */
export function JournalCard({ item }: { item: FeedItem }) {
  const author = item.isAnonymous ? null : item.author;
  const photo = item.images[0];
  const headingId = `feed-entry-${item.id}`;
  return (
    <article aria-labelledby={headingId} className="relative pt-3">
      <p className="absolute top-0 right-4 rounded-md bg-leather px-3 py-0.5 text-xs font-semibold tracking-wide text-on-accent uppercase shadow-sm sm:right-8">
        <time dateTime={item.journaldate}>{tabDate(item.journaldate)}</time>
      </p>
      <div className="notebook rounded-lg border border-ink-soft/20 pt-8 pr-4 pb-4 pl-14 shadow-sheet sm:pr-8">
        <div className="flex min-h-16 items-start gap-3">
          {author ? (
            <Avatar name={author.name} image={author.profileImage} />
          ) : (
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-paper-deep text-ink-soft">
              <VenetianMask aria-hidden className="size-5" />
            </span>
          )}
          <div className="min-w-0 leading-5">
            <p className="font-semibold break-words text-ink">
              {author ? (
                <Link href={`/public/${author.id}`} className="underline-offset-4 hover:text-accent hover:underline">
                  {author.name}
                </Link>
              ) : (
                ANONYMOUS_NAME
              )}
            </p>
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink-soft">
              <RelativeTimeLabel iso={item.createdAt} dayOnly={item.isAnonymous} />
              {author?.location ? (
                <span className="inline-flex min-w-0 items-center gap-1 break-words">
                  <MapPin aria-hidden className="size-3.5 shrink-0" />
                  {author.location}
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <h2 id={headingId} tabIndex={-1} className="text-2xl leading-8 font-semibold break-words text-leather">
          {item.title}
        </h2>
        <p className="font-serif text-lg leading-8 break-words whitespace-pre-wrap text-ink">{item.content}</p>
        {photo ? (
          <div className="mt-8">
            <PhotoFrame src={photo} size={null} alt={photoAlt(item)} />
          </div>
        ) : null}
        <div className="mt-4 flex items-center gap-4">
          <HeartButton item={item} />
          {/* Shown as it comes, not halved as docs/product.md §9 says: that made up for an original server counting
              each view twice; ours counts one read per reader per day (docs/decisions/026-feed-paging-and-reads.md). */}
          <p className="inline-flex items-center gap-1.5 text-sm text-ink-soft">
            <Eye aria-hidden className="size-5" />
            {item.reads} {item.reads === 1 ? "read" : "reads"}
          </p>
        </div>
      </div>
    </article>
  );
}
