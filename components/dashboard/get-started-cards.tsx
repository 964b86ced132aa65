import { BookOpen, Heart, UserPlus, Users, type LucideIcon } from "lucide-react";

const STEPS: { title: string; where: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Write Your Entry",
    where: "My Diary",
    text: "Open My Diary and write today's entry: a title, up to 900 characters and a photo if you like.",
    icon: BookOpen,
  },
  {
    title: "Read what your Peers Write",
    where: "My friends",
    text: "Visit My friends to read the entries your close circle has chosen to share with you.",
    icon: Users,
  },
  {
    title: "React & Encourage",
    where: "Hearts",
    text: "Send hearts to the entries that move you, so your friends know someone is reading.",
    icon: Heart,
  },
  {
    title: "Connect with Friends",
    where: "Search",
    text: "Find writers with the search bar, send a friend request and become friends.",
    icon: UserPlus,
  },
];

/** docs/product.md §2 dashboard: the four 'How to Get Started' cards. */
export function GetStartedCards() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {STEPS.map(({ title, where, text, icon: Icon }, i) => (
        <li key={title} className="flex gap-4 rounded-lg border border-ink-soft/20 bg-paper p-5 shadow-sm">
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
            <h3 className="text-lg font-semibold text-ink">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-ink-soft">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
