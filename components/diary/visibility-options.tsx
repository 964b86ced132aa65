"use client";

import { Lock, Users } from "lucide-react";
import { useId, type ReactNode } from "react";
import { VISIBILITY_LABELS, type Visibility } from "@/lib/validation/journal-limits";

const ICONS: Record<Visibility, ReactNode> = {
  private: <Lock aria-hidden className="size-4" />,
  "close-circle": <Users aria-hidden className="size-4" />,
};

type Props = {
  visibility: Visibility;
  isAnonymous: boolean;
  onChange: (next: { visibility: Visibility; isAnonymous: boolean }) => void;
};

/** Who may read the entry; anonymity exists only for the close circle (docs/product.md §4). */
export function VisibilityOptions({ visibility, isAnonymous, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-ink">Who can read this?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(Object.keys(VISIBILITY_LABELS) as Visibility[]).map((value) => {
          const { label, description } = VISIBILITY_LABELS[value];
          return (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-ink-soft/30 bg-paper px-3 py-2.5 has-checked:border-accent has-checked:bg-paper-deep"
            >
              <input
                type="radio"
                name={`${id}-visibility`}
                value={value}
                checked={visibility === value}
                // Keep Private turns anonymity off: a private entry has no reader to hide from.
                onChange={() => onChange({ visibility: value, isAnonymous: value === "private" ? false : isAnonymous })}
                aria-describedby={`${id}-${value}`}
                className="mt-1 size-4 accent-accent"
              />
              <span className="flex flex-col">
                <span className="flex items-center gap-1.5 font-semibold text-ink">
                  {ICONS[value]}
                  {label}
                </span>
                <span id={`${id}-${value}`} className="text-sm text-ink-soft">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {visibility === "close-circle" ? (
        <label className="flex cursor-pointer items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={isAnonymous}
            onChange={(e) => onChange({ visibility, isAnonymous: e.target.checked })}
            className="size-4 accent-accent"
          />
          Post anonymously (friends see &ldquo;A Friend&rdquo; instead of your name)
        </label>
      ) : null}
    </fieldset>
  );
}
