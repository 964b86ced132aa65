"use client";

import { useId, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { CONTENT_MAX, CONTENT_WARN_REMAINING, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { limitInsertion } from "./text-limits";

// Keys that never add text: they stay allowed once the page is full (SPEC.md §5).
const EDITING_KEYS = new Set([
  "Backspace",
  "Delete",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Tab",
  "Escape",
  "Shift",
  "Control",
  "Alt",
  "Meta",
]);

/** Lines on the notebook page; the writing area is exactly this tall (docs/decisions/007-diary-drafts.md). */
export const PAGE_LINES = 18;

type Props = { value: string; onChange: (value: string) => void; label: string };

/**
 * The entry's text on a fixed-height ruled page. Two limits (SPEC.md §5): 900 characters, where
 * extra input is cut (typing and pasting alike), and the page itself: a change that would make the
 * text overflow the page is refused, and then only deletion and navigation keys work.
 */
export function ContentField({ value, onChange, label }: Props) {
  const [pageFull, setPageFull] = useState(false);
  const id = useId();
  const count = countCharacters(value);
  const remaining = CONTENT_MAX - count;
  const words = countWords(value);
  const warn = remaining <= CONTENT_WARN_REMAINING;

  function handleChange(e: ChangeEvent<HTMLTextAreaElement>) {
    const el = e.currentTarget;
    const limited = limitInsertion(el.value, el.selectionEnd, CONTENT_MAX);
    if (limited.text !== el.value) {
      el.value = limited.text;
      el.setSelectionRange(limited.caret, limited.caret);
    }
    // Deleting never makes the page overflow; anything else is measured on the real textarea.
    if (limited.text.length >= value.length && el.scrollHeight > el.clientHeight) {
      const caret = Math.max(0, limited.caret - (limited.text.length - value.length));
      el.value = value;
      el.setSelectionRange(caret, caret);
      setPageFull(true);
      return;
    }
    if (limited.text.length < value.length) setPageFull(false);
    onChange(limited.text);
  }

  function handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!pageFull || EDITING_KEYS.has(e.key) || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
  }

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        aria-describedby={`${id}-counter ${id}-limit`}
        placeholder="Dear diary…"
        spellCheck
        style={{ height: `${PAGE_LINES * 2}rem` }}
        className="block w-full resize-none overflow-hidden bg-transparent font-serif text-lg leading-8 text-ink placeholder:text-ink-soft/80 focus-visible:outline-accent/40"
      />
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 text-sm leading-8">
        <p id={`${id}-counter`} className={warn ? "font-semibold text-badge" : "text-ink-soft"}>
          {count}/{CONTENT_MAX} characters · {words} {words === 1 ? "word" : "words"}
          {warn ? ` · ${remaining} left` : ""}
        </p>
        <p id={`${id}-limit`} role="status" className="font-semibold text-badge">
          {pageFull ? "Maximum writing space reached!" : remaining <= 0 ? "Character limit reached!" : ""}
        </p>
      </div>
    </div>
  );
}
