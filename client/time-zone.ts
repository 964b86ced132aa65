import { TIME_ZONE_COOKIE } from "@/lib/dates/local-day";

/** Keeps the browser's time zone in the cookie the server reads for /my-diary's first paint (docs/decisions/020-diary-first-paint.md). */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const value = encodeURIComponent(zone);
  if (document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}
