"use client";

import { Lock, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { formatLongDay } from "@/lib/dates/local-day";
import { UnlockDialog } from "./unlock-dialog";

const SHEET = "notebook min-h-[36rem] rounded-lg border border-ink-soft/20 pt-8 pr-4 pb-8 pl-14 shadow-sheet sm:pr-8";

/** A locked page on a device without the diary's key: what it is, and the way to unlock it. */
export function LockedDay({ owner, day }: { owner: string; day: string }) {
  const [unlocking, setUnlocking] = useState(false);
  return (
    <section aria-labelledby="locked-heading" className={SHEET}>
      <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">{formatLongDay(day)}</p>
      <h2 id="locked-heading" className="flex items-center gap-2 text-2xl leading-8 font-semibold text-leather">
        <Lock aria-hidden className="size-5" /> Locked page
      </h2>
      <p className="mt-4 max-w-prose font-serif text-lg leading-8 text-ink">
        This private page is encrypted, and your diary is locked on this device. Unlock it with your passphrase or your
        recovery key to read and write your private pages here.
      </p>
      <button type="button" onClick={() => setUnlocking(true)} className={buttonClass("primary", "mt-6")}>
        Unlock your diary…
      </button>
      <UnlockDialog owner={owner} open={unlocking} onClose={() => setUnlocking(false)} />
    </section>
  );
}

/**
 * A locked page that did not open: its sealed words were altered, swapped, replayed or written by a
 * newer Inkwell. Never garbage, never the diary's crash: the page says so and what to do.
 */
export function DamagedDay({ day, message, onRetry }: { day: string; message: string; onRetry: () => void }) {
  return (
    <section aria-labelledby="damaged-heading" className={SHEET}>
      <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">{formatLongDay(day)}</p>
      <h2 id="damaged-heading" className="flex items-center gap-2 text-2xl leading-8 font-semibold text-danger">
        <ShieldAlert aria-hidden className="size-5" /> This page could not be opened
      </h2>
      <div role="alert" className="mt-4 max-w-prose font-serif text-lg leading-8 text-ink">
        <p>{message}</p>
        <p className="mt-2 text-base text-ink-soft">
          Your other pages are not affected. If reloading does not help, what the server keeps of this page was changed
          by someone other than you: your words cannot be read from it, and saving this day again writes a new page.
        </p>
      </div>
      <button type="button" onClick={onRetry} className={buttonClass("secondary", "mt-6")}>
        Try again
      </button>
    </section>
  );
}
