// docs/product.md §9 "Relative time", for the dates on friend requests.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** 'Just now' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, otherwise the date. */
export function relativeTime(then: Date, now: Date = new Date(), locale?: string): string {
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours (elapsed < 0) still reads as just now.
  if (elapsed < HOUR) return "Just now";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return then.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}
