"use client";

import { useQuery } from "@tanstack/react-query";
import { Angry, Frown, Laugh, Meh, Smile, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { lockStateQuery } from "@/client/lock/state";
import { MOODS, type Mood } from "@/lib/validation/journal-limits";

/** Each mood's face, drawn the same on every device (an emoji may be missing from a system's fonts); never read aloud. */
const MOOD_FACES: Record<Mood, LucideIcon> = { 1: Angry, 2: Frown, 3: Meh, 4: Smile, 5: Laugh };

/** A mood's face beside its word, hidden from screen readers: the word says it. */
export function MoodFace({ mood, className = "inline size-4 align-[-3px]" }: { mood: Mood; className?: string }) {
  const Face = MOOD_FACES[mood];
  return <Face aria-hidden className={className} />;
}

type Props = {
  mood: number | null;
  onChange: (mood: number | null) => void;
};

/**
 * The day's mood, five steps each with its word (docs/decisions/131): radio buttons, so the arrow
 * keys move between them, and Clear to have none. The writer's alone, which it says.
 */
export function MoodOptions({ mood, onChange }: Props) {
  const id = useId();
  // The lock seals the words and photos, not the mood: said where it is chosen.
  const locked = useQuery(lockStateQuery()).data?.locked ?? false;
  return (
    <fieldset className="mt-5 flex flex-col gap-2" aria-describedby={`${id}-note`}>
      <legend className="mb-1 text-sm font-semibold text-ink">How was your day?</legend>
      <div className="flex flex-wrap items-center gap-2">
        <div className="grid grid-cols-5 gap-1.5">
          {MOODS.map(({ value, word }) => (
            <label
              key={value}
              className="relative flex w-15 cursor-pointer flex-col items-center gap-0.5 rounded-md border border-ink-soft/30 bg-paper px-1 py-1.5 text-xs text-ink has-checked:border-accent has-checked:bg-paper-deep has-checked:font-semibold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                name={`${id}-mood`}
                value={value}
                checked={mood === value}
                onChange={() => onChange(value)}
                // Over the whole chip, unseen: a click anywhere on it is a click on the radio button.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <MoodFace mood={value} className="size-6" />
              {word}
            </label>
          ))}
        </div>
        {mood !== null ? (
          <button type="button" onClick={() => onChange(null)} className={buttonClass("ghost", "text-sm")}>
            Clear mood
          </button>
        ) : null}
      </div>
      <p id={`${id}-note`} className="text-sm text-ink-soft">
        Only you see it, even on a page you share.
        {locked ? " The diary lock seals your words and photos, not your mood: the server can read it." : null}
      </p>
    </fieldset>
  );
}
