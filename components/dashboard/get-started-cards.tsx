import { ArrowRight, BookOpen, Heart, UserPlus, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

/** Words for the phone and for a wider screen, whose navigation differ (a Search tab, a search bar). */
function PhoneOr({ phone, wide }: { phone: string; wide: string }) {
  return (
    <>
      <span className="md:hidden">{phone}</span>
      <span className="hidden md:inline">{wide}</span>
    </>
  );
}

const STEPS: { title: string; where: string; href: string; text: ReactNode; icon: LucideIcon }[] = [
  {
    title: "Write Your Entry",
    where: "My Diary",
    href: "/my-diary",
    text: "Open My Diary and write today's entry: a title, up to 900 characters and a photo if you like.",
    icon: BookOpen,
  },
  {
    title: "Read what your Peers Write",
    where: "My friends",
    href: "/close-circle",
    text: "Visit My friends to read the entries your close circle has chosen to share with you.",
    icon: Users,
  },
  {
    title: "React & Encourage",
    where: "Hearts",
    href: "/close-circle",
    text: "Send hearts to the entries that move you, so your friends know someone is reading.",
    icon: Heart,
  },
  {
    title: "Connect with Friends",
    where: "Search",
    href: "/close-circle#fellow-writers-heading",
    text: (
      <>
        Find writers with <PhoneOr phone="the Search tab" wide="the search bar" /> or among the Fellow Writers of My
        friends, send a friend request and become friends.
      </>
    ),
    icon: UserPlus,
  },
];

/**
 * docs/product.md §2 dashboard: the four 'How to Get Started' cards, each a link to what it
 * describes (the whole card answers a click; the link is its title, for the keyboard and a screen reader).
 */
export function GetStartedCards() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {STEPS.map(({ title, where, href, text, icon: Icon }, i) => (
        <li
          key={title}
          className="relative flex gap-4 rounded-lg border border-ink-soft/20 bg-paper p-5 shadow-sm transition-colors focus-within:border-accent hover:border-accent/60 hover:bg-paper-deep"
        >
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-paper-deep text-accent"
          >
            <Icon className="size-5" />
          </span>
          <div>
            <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
              Step {i + 1} · {where}
            </p>
            <h3 className="text-lg font-semibold text-ink">
              <Link href={href} className="underline-offset-4 after:absolute after:inset-0 hover:underline">
                {title}
                <ArrowRight aria-hidden className="ml-1.5 inline size-4 text-accent" />
              </Link>
            </h3>
            <p className="mt-1 text-sm leading-relaxed text-ink-soft">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
