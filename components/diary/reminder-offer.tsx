"use client";

import { useQuery } from "@tanstack/react-query";
import { BellRing, X } from "lucide-react";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button-styles";
import { dismiss, useDismissed } from "@/client/dismissals";
import { myProfileQuery } from "@/client/me";
import { settingsQuery } from "@/client/reminders";

// The diary's offer of a daily reminder (docs/product.md "Reminders"): from the third entry on,
// while the reminder is off, until dismissed; the dismissal is kept in this browser. It links to
// the settings on /me/reminders (components/me/reminder-settings.tsx).

const DISMISSED_KEY = "inkwell.reminderOffer.dismissed";
const OFFER_FROM_ENTRIES = 3;
export function ReminderOffer() {
  // Dismissed until the browser says otherwise: the server renders nothing, so nothing flashes.
  const dismissed = useDismissed("browser", DISMISSED_KEY, { onServer: true });
  const profile = useQuery({ ...myProfileQuery(), enabled: !dismissed });
  const settings = useQuery({
    ...settingsQuery(),
    enabled: !dismissed && (profile.data?.journalCount ?? 0) >= OFFER_FROM_ENTRIES,
  });
  if (dismissed || !settings.data || settings.data.reminder.enabled) return null;
  return (
    <aside
      aria-labelledby="reminder-offer-heading"
      className="mt-6 flex items-start gap-3 rounded-lg border border-accent/40 bg-surface p-4 shadow-sm"
    >
      <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p id="reminder-offer-heading" className="font-semibold text-ink">
          Want a nudge to write each day?
        </p>
        <Link href="/me/reminders#reminder" prefetch={false} className={buttonClass("primary", "self-start")}>
          Set a reminder
        </Link>
      </div>
      <button
        type="button"
        onClick={() => dismiss("browser", DISMISSED_KEY)}
        aria-label="Dismiss the reminder offer"
        className={buttonClass("ghost", "size-11 shrink-0 p-0")}
      >
        <X aria-hidden className="size-5" />
      </button>
    </aside>
  );
}
