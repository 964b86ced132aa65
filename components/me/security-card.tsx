import { ShieldCheck } from "lucide-react";
import Link from "next/link";

/** The Security card on /me: the way to the Security screen (docs/product.md "Security"). */
export function SecurityCard() {
  return (
    <section
      aria-labelledby="security-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="security-heading" className="font-serif text-xl font-semibold text-leather">
        Security
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        See every browser and device signed in to your account, sign any of them out, and change your password.
      </p>
      <Link
        href="/me/security"
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-soft/30 bg-paper px-3 text-sm font-semibold text-ink hover:bg-paper-deep"
      >
        <ShieldCheck aria-hidden className="size-4 text-accent" />
        Where you’re signed in
      </Link>
    </section>
  );
}
