/**
 * "Friday, December 4, 2026": the day an account is to be deleted (docs/decisions/075), in `zone`
 * (the server's page, from the time-zone cookie), else this runtime's own (the browser); a zone
 * the runtime does not know falls back to UTC.
 */
export function formatDeletionDay(iso: string, zone?: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: "long", year: "numeric", month: "long", day: "numeric" };
  try {
    return new Date(iso).toLocaleDateString("en-US", { ...options, timeZone: zone });
  } catch {
    return new Date(iso).toLocaleDateString("en-US", { ...options, timeZone: "UTC" });
  }
}
