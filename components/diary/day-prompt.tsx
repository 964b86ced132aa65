"use client";

import { Lightbulb } from "lucide-react";
import { useState } from "react";
import type { Template } from "@/client/templates";
import { onDemand } from "@/components/ui/on-demand";
import type { DayKey } from "@/lib/dates/local-day";
import { promptIndex } from "@/lib/prompts/pick";

// Prompts on an empty day (docs/decisions/124-prompts-on-an-empty-day.md). The list
// (lib/prompts/prompts.ts, 366 questions) is fetched when an empty page is first offered one, never
// in the diary's first load; until it comes the page keeps its usual placeholder, and nothing moves
// when it does: the question is the text's placeholder, and the buttons are there from the start.
const prompts = onDemand(() => import("@/lib/prompts/prompts"));
// The template chooser (./template-chooser.tsx): fetched once an empty page is shown, its list when opened.
const chooser = onDemand(() => import("./template-chooser"));

/** A button drawn as a link, one ruled line tall; greyed until the list is here. */
const LINK_BUTTON =
  "inline-flex h-8 items-center font-semibold whitespace-nowrap text-accent underline-offset-4 hover:underline disabled:cursor-default disabled:text-ink-soft disabled:no-underline";

/** The question offered for `day` after `turn` times "Another prompt", once the list is here and while `offered`. */
export function useDayPrompt(day: DayKey, turn: number, offered: boolean): string | null {
  // Offline before it was ever fetched: the page simply has no prompt.
  const list = prompts.useLoaded(undefined, offered)?.PROMPTS;
  return offered && list ? (list[promptIndex(day, turn, list.length)] ?? null) : null;
}

/**
 * "Another prompt", "Use as title" and "Template…" under the title of an empty page: always the
 * three, so where they wrap (two ruled lines on a phone) never depends on what has loaded. On a
 * phone they fold away with the chrome while the person writes (app/globals.css, `data-chrome`);
 * the question stays in the text's placeholder. A new question is read out to a screen reader.
 */
export function PromptActions({
  prompt,
  turn,
  onAnother,
  onUseAsTitle,
  onTemplate,
}: {
  prompt: string | null;
  turn: number;
  onAnother: () => void;
  onUseAsTitle: (prompt: string) => void;
  onTemplate: (template: Template) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const loaded = chooser.useLoaded(choosing);
  return (
    <div data-chrome="prompt" className="flex min-h-8 flex-wrap items-center gap-x-4 font-sans text-sm">
      <Lightbulb aria-hidden className="size-4 shrink-0 text-ink-soft" />
      <button type="button" disabled={!prompt} onClick={onAnother} className={LINK_BUTTON}>
        Another prompt
      </button>
      <button type="button" disabled={!prompt} onClick={() => prompt && onUseAsTitle(prompt)} className={LINK_BUTTON}>
        Use as title
      </button>
      <button type="button" aria-haspopup="dialog" onClick={() => setChoosing(true)} className={LINK_BUTTON}>
        Template…
      </button>
      <p className="sr-only" aria-live="polite">
        {turn > 0 && prompt ? `Prompt: ${prompt}` : ""}
      </p>
      {loaded ? (
        <loaded.TemplateChooser
          open={choosing}
          onClose={() => setChoosing(false)}
          onChoose={(template) => {
            setChoosing(false);
            onTemplate(template);
          }}
        />
      ) : null}
    </div>
  );
}
