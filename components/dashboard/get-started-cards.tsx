import { ArrowRight, BookOpen, Heart, UserPlus, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { withElement } from "@/components/auth/with-element";

/** Words for the phone and for a wider screen, whose navigation differ (a Search tab, a search bar). */
function PhoneOr({ phone, wide }: { phone: string; wide: string }) {
  return (
    <>
      <span className="md:hidden">{phone}</span>
      <span className="hidden md:inline">{wide}</span>
    </>
  );
}

type StepKey = "write" | "read" | "react" | "connect";

const STEPS: { key: StepKey; href: string; icon: LucideIcon }[] = [
  { key: "write", href: "/my-diary", icon: BookOpen },
  { key: "read", href: "/close-circle", icon: Users },
  { key: "react", href: "/close-circle", icon: Heart },
  { key: "connect", href: "/close-circle#fellow-writers-heading", icon: UserPlus },
];

/**
 * docs/product.md §2 dashboard: the four 'How to Get Started' cards, each a link to what it
 * describes (the whole card answers a click; the link is its title, for the keyboard and a screen reader).
 */
export function GetStartedCards() {
  const t = useTranslations("community.getStarted");
  const textOf = (key: StepKey): ReactNode =>
    key === "connect"
      ? withElement(
          (place) => t("connect.text", { place }),
          <PhoneOr phone={t("connect.phone")} wide={t("connect.wide")} />,
        )
      : t(`${key}.text`);
  const steps = STEPS.map((step) => ({
    ...step,
    title: t(`${step.key}.title`),
    where: t(`${step.key}.where`),
    text: textOf(step.key),
  }));
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {steps.map(({ title, where, href, text, icon: Icon }, i) => (
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
              {t("step", { number: i + 1, where })}
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
