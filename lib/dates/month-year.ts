// The one way a person's start on Inkwell is written: "Writing since November 2026", in UTC, so
// the server's render and the browser's agree whatever their time zones (docs/decisions/047).

/** "November 2026": the month and year of an ISO instant, in UTC. */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** "Writing since November 2026". */
export function writingSince(iso: string): string {
  return `Writing since ${monthYear(iso)}`;
}
