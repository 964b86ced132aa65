"use client";

import { useHydrated } from "@/components/app/use-hydrated";
import { THEME_CHOICES } from "@/components/theme/theme-choices";
import { setThemePreference, useThemePreference } from "@/components/theme/theme-preference";

/**
 * The Theme menu's choices (docs/decisions/015) as a row of radio buttons on the profile. They wait
 * for React to hydrate the page: the server checks "System" (it cannot know the choice), and a
 * click before hydration would be set back by it, the choice lost.
 */
export function AppearanceSetting() {
  const preference = useThemePreference();
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="appearance-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="appearance-heading" className="font-serif text-xl font-semibold text-leather">
        Appearance
      </h2>
      <div
        role="radiogroup"
        aria-labelledby="appearance-heading"
        className="mt-3 inline-flex flex-wrap gap-1 rounded-md border border-ink-soft/30 bg-paper p-1"
      >
        {THEME_CHOICES.map(({ value, label, Icon }) => {
          const checked = preference === value;
          return (
            <label
              key={value}
              className={`relative flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm font-semibold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus ${checked ? "bg-accent text-on-accent" : "text-ink hover:bg-paper-deep"}`}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={checked}
                disabled={!hydrated}
                onChange={() => setThemePreference(value)}
                className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-wait"
              />
              <Icon aria-hidden className="size-4" />
              {label}
            </label>
          );
        })}
      </div>
    </section>
  );
}
