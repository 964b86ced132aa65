import { BookOpen, Heart, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ComponentType } from "react";

type Milestone = {
  key: string;
  label: string;
  value: number;
  Icon: ComponentType<{ className?: string }>;
  prompt: string;
};

/**
 * Milestones (docs/product.md §2): every read and heart my entries have had, anonymous ones included (they
 * are mine; only my public profile leaves them out, decision 025). At zero a sparkle and a nudge.
 */
export function Milestones({ totalReads, totalLikes }: { totalReads: number; totalLikes: number }) {
  const t = useTranslations("me.milestones");
  const items: Milestone[] = [
    {
      key: "reads",
      label: t("reads"),
      value: totalReads,
      Icon: BookOpen,
      prompt: t("readsPrompt"),
    },
    {
      key: "hearts",
      label: t("hearts"),
      value: totalLikes,
      Icon: Heart,
      prompt: t("heartsPrompt"),
    },
  ];
  return (
    <section
      aria-labelledby="milestones-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="milestones-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map(({ key, label, value, Icon, prompt }) => (
          <div key={key} className="flex flex-col rounded-md bg-paper p-3">
            <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-ink-soft uppercase">
              <Icon aria-hidden className="size-4 text-accent" />
              {label}
            </dt>
            <dd className="text-2xl font-semibold text-ink">
              {value === 0 ? (
                <span className="flex items-center gap-1.5">
                  0
                  <Sparkles aria-hidden className="size-5 text-accent" />
                </span>
              ) : (
                value.toLocaleString("en-US")
              )}
            </dd>
            {value === 0 ? <dd className="mt-1 text-sm text-ink-soft">{prompt}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
