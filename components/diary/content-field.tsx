"use client";

import { useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent } from "react";
import { CONTENT_MAX, CONTENT_WARN_REMAINING, countCharacters, countWords } from "@/lib/validation/journal-limits";
import { PAGE_LINES, fitsOnPage } from "./page-capacity";
import { limitInsertion } from "./text-limits";

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
  onChange: (value: string) => void;
  pageFull: boolean;
  onPageFull: (full: boolean) => void;
  describedBy: string;
};

/**
 * The entry's text on the ruled page. Two limits (docs/product.md §5): 900 characters, where extra input
 * is cut (typing and pasting alike), and the page itself (./page-capacity.ts): a change that would
 * overflow it is refused, and then only deletion and navigation keys work. The textarea is at
 * least a page tall and grows, a whole ruled line at a time, to show everything that fits.
 */
export function ContentField({ id, label, value, onChange, pageFull, onPageFull, describedBy }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    function fit(textarea: HTMLTextAreaElement) {
      const line = parseFloat(getComputedStyle(textarea).lineHeight) || 32;
      textarea.style.height = `${PAGE_LINES * line}px`;
      if (textarea.scrollHeight > textarea.clientHeight) textarea.style.height = `${Math.ceil(textarea.scrollHeight / line) * line}px`;
    }
    fit(el);
    const observer = new ResizeObserver(() => fit(el));
    observer.observe(el.parentElement ?? el);
    return () => observer.disconnect();
  }, [value]);

  function handleChange(e: ChangeEvent<HTMLTextAreaElement>) {
    const el = e.currentTarget;
    const limited = limitInsertion(el.value, el.selectionEnd, CONTENT_MAX);
    if (limited.text !== el.value) {
      el.value = limited.text;
      el.setSelectionRange(limited.caret, limited.caret);
    }
    // Deleting never overflows the page; anything longer is measured against it.
    if (limited.text.length >= value.length && !fitsOnPage(limited.text)) {
      const caret = Math.max(0, limited.caret - (limited.text.length - value.length));
      el.value = value;
      el.setSelectionRange(caret, caret);
      onPageFull(true);
      return;
    }
    if (limited.text.length < value.length) onPageFull(false);
    onChange(limited.text);
  }

  function handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!pageFull || EDITING_KEYS.has(e.key) || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
  }

  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        aria-describedby={describedBy}
        placeholder="Dear diary…"
        spellCheck
        rows={PAGE_LINES}
        className="block w-full resize-none overflow-hidden bg-transparent font-serif text-lg leading-8 text-ink placeholder:text-ink-soft/80"
      />
    </>
  );
}

/** Characters and words, red from 50 left, and which limit stopped the typing (docs/product.md §5). */
export function TextCounter({ id, value, pageFull }: { id: string; value: string; pageFull: boolean }) {
  const count = countCharacters(value);
  const remaining = CONTENT_MAX - count;
  const words = countWords(value);
  const warn = remaining <= CONTENT_WARN_REMAINING;
  return (
    <div className="flex basis-full flex-wrap items-center justify-between gap-x-4 text-sm">
      <p id={`${id}-counter`} className={warn ? "font-semibold text-danger" : "text-ink-soft"}>
        {count}/{CONTENT_MAX} characters · {words} {words === 1 ? "word" : "words"}
        {warn ? ` · ${remaining} left` : ""}
      </p>
      <p id={`${id}-limit`} role="status" className="font-semibold text-danger">
        {pageFull ? "Maximum writing space reached!" : remaining <= 0 ? "Character limit reached!" : ""}
      </p>
    </div>
  );
}
