"use client";

import { useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent } from "react";
import { graphemes } from "@/lib/validation/graphemes";
import { CONTENT_MAX, CONTENT_WARN_REMAINING, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { formatShortcut } from "./format-toolbar";
import { PAGE_LINES, fitsOnPage } from "./page-capacity";

// Keys that never add text: they stay allowed once the page is full (docs/product.md §5).
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

type Props = {
  id: string;
  label: string;
  value: string;
  /** The most the text may hold: CONTENT_MAX, or an imported page's own length when longer (docs/decisions/078). */
  max?: number;
  onChange: (value: string) => void;
  pageFull: boolean;
  onPageFull: (full: boolean) => void;
  describedBy: string;
  /** What the empty text shows: "Dear diary…", or the question an empty day offers (./day-prompt.tsx). */
  placeholder?: string;
};

/** The characters past `max` (CONTENT_MAX, or an imported page's own length), as a person counts them; "" when the text fits. */
export function overLimit(text: string, max = CONTENT_MAX): string {
  if (countCharacters(text) <= max) return "";
  return Array.from(graphemes(text)).slice(max).join("");
}

/**
 * The entry's text on the ruled page. Two limits (docs/product.md §5): 900 characters, where nothing
 * typed or pasted is dropped: what is over is marked and Save waits until it fits; and the page
 * itself (./page-capacity.ts): a change that would overflow it is refused, and then only deletion
 * and navigation keys work. The textarea is at least a page tall and grows, a whole ruled line at a
 * time, to show everything that fits.
 */
export function ContentField({
  id,
  label,
  value,
  max = CONTENT_MAX,
  onChange,
  pageFull,
  onPageFull,
  describedBy,
  placeholder = "Dear diary…",
}: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    function fit(textarea: HTMLTextAreaElement) {
      const line = parseFloat(getComputedStyle(textarea).lineHeight) || 32;
      textarea.style.height = `${PAGE_LINES * line}px`;
      if (textarea.scrollHeight > textarea.clientHeight)
        textarea.style.height = `${Math.ceil(textarea.scrollHeight / line) * line}px`;
    }
    fit(el);
    const refit = () => fit(el);
    const observer = new ResizeObserver(refit);
    observer.observe(el.parentElement ?? el);
    // The page's serif may arrive after the words (the diary is a static shell, docs/decisions/084,
    // so the entry comes after the page): its lines wrap differently, and the page grows to match.
    document.fonts.addEventListener("loadingdone", refit);
    void document.fonts.ready.then(refit);
    return () => {
      observer.disconnect();
      document.fonts.removeEventListener("loadingdone", refit);
    };
  }, [value]);

  function handleChange(e: ChangeEvent<HTMLTextAreaElement>) {
    const el = e.currentTarget;
    const text = el.value;
    // Deleting never overflows the page; anything longer is measured against it.
    if (text.length >= value.length && !fitsOnPage(text)) {
      const caret = Math.max(0, el.selectionEnd - (text.length - value.length));
      el.value = value;
      el.setSelectionRange(caret, caret);
      onPageFull(true);
      return;
    }
    if (text.length < value.length) onPageFull(false);
    onChange(text);
  }

  function handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (formatShortcut(e)) return;
    if (!pageFull || EDITING_KEYS.has(e.key) || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
  }

  const over = overLimit(value, max);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {/* Under the transparent textarea, the same text laid out the same way, invisible but for the
          mark behind what is over the limit: a textarea cannot style part of its text. */}
      {over ? (
        <div
          aria-hidden
          data-over-limit
          className="pointer-events-none absolute inset-0 font-serif text-lg leading-8 break-words whitespace-pre-wrap text-transparent"
        >
          {value.slice(0, value.length - over.length)}
          <mark className="rounded-sm bg-danger/20 text-transparent underline decoration-danger decoration-wavy decoration-2">
            {over}
          </mark>
        </div>
      ) : null}
      <textarea
        ref={ref}
        id={id}
        dir="auto"
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        aria-describedby={describedBy}
        aria-invalid={over ? true : undefined}
        placeholder={placeholder}
        spellCheck
        rows={PAGE_LINES}
        className="relative block w-full resize-none overflow-hidden bg-transparent font-serif text-lg leading-8 text-ink placeholder:text-ink-soft/80"
      />
    </div>
  );
}

export interface TextCounterProps {
  id: string;
  value: string;
  pageFull: boolean;
  max?: number;
}

/** Characters and words, red from 50 left, how many are over, and which limit stopped the typing (docs/product.md §5). */
export function TextCounter({ id, value, pageFull, max = CONTENT_MAX }: TextCounterProps) {
  const count = countCharacters(value);
  const remaining = max - count;
  const words = countWords(value);
  // An imported page over 900 (docs/decisions/078) is at its own length, not at a limit being
  // reached: the editor's note says what holds, and only going over it is flagged.
  const imported = max > CONTENT_MAX;
  const warn = !imported && remaining <= CONTENT_WARN_REMAINING;
  const limit = pageFull
    ? "Maximum writing space reached!"
    : remaining < 0
      ? `${-remaining} ${remaining === -1 ? "character" : "characters"} over`
      : remaining === 0 && !imported
        ? "Character limit reached!"
        : "";
  return (
    <div className="flex basis-full flex-wrap items-center justify-between gap-x-4 text-xs sm:text-sm">
      <p id={`${id}-counter`} className={warn ? "font-semibold text-danger" : "text-ink-soft"}>
        {imported ? count : `${count}/${max}`} characters · {words} {words === 1 ? "word" : "words"}
        {warn && remaining >= 0 ? ` · ${remaining} left` : ""}
      </p>
      <p id={`${id}-limit`} role="status" className="font-semibold text-danger">
        {limit}
      </p>
    </div>
  );
}
