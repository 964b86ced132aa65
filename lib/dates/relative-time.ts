// docs/product.md §9 "Relative time": when a page was shared, a request sent, a reply written.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The app's words are English (for now): the browser's own language would mix "vor 5 Minuten" into them.
const words = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/**
 * 'Just now' for the first minute, then '5 minutes ago', '3 hours ago', '2 days ago'
 * (Intl.RelativeTimeFormat), and from a week on the date.
 */
export function relativeTime(then: Date, now: Date = new Date(), locale?: string): string {
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours (elapsed < 0) still reads as just now.
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return words.format(-Math.floor(elapsed / DAY), "day");
  return then.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}

/** The same inside a sentence: 'just now', '5 minutes ago', a date as it is. */
export function relativeTimeInSentence(then: Date, now: Date = new Date(), locale?: string): string {
  const words = relativeTime(then, now, locale);
  return words === "Just now" ? "just now" : words;
}
