"use client";

import { Bold, Italic, Link2, List, Quote } from "lucide-react";
import type { KeyboardEvent, MouseEvent } from "react";
import { buttonClass } from "@/components/ui/button-styles";

// Formatting a page (docs/decisions/128-formatting-a-page.md): the buttons and shortcuts put
// Markdown's marks into the text as a person would type them. The text stays the textarea's: the
// marks are characters of the page, counted with its 900.

export type Format = "bold" | "italic" | "list" | "quote" | "link";

const FORMATS: { format: Format; label: string; keys?: string; icon: typeof Bold }[] = [
  { format: "bold", label: "Bold", keys: "Control+B Meta+B", icon: Bold },
  { format: "italic", label: "Italic", keys: "Control+I Meta+I", icon: Italic },
  { format: "list", label: "Bullet points", icon: List },
  { format: "quote", label: "Quote", icon: Quote },
  { format: "link", label: "Link", keys: "Control+K Meta+K", icon: Link2 },
];

/** Replaces `from`–`to` of the textarea with `text` as typing would (an input event), then selects `select`. */
function replace(el: HTMLTextAreaElement, from: number, to: number, text: string, select: [number, number]) {
  el.focus();
  // The value changed and an input event sent, which React's onChange hears as typing (and checks
  // against the page, as any typing).
  el.setRangeText(text, from, to, "end");
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.setSelectionRange(select[0], select[1]);
}

/** Puts `format`'s marks around the selection (bold, italic, link) or before its lines (list, quote). */
export function applyFormat(el: HTMLTextAreaElement, format: Format) {
  const { selectionStart: start, selectionEnd: end, value } = el;
  const chosen = value.slice(start, end);
  if (format === "bold" || format === "italic") {
    const mark = format === "bold" ? "**" : "*";
    replace(el, start, end, `${mark}${chosen}${mark}`, [start + mark.length, end + mark.length]);
    return;
  }
  if (format === "link") {
    const words = chosen || "words";
    const target = "https://";
    const text = `[${words}](${target})`;
    const at = start + words.length + 3;
    replace(el, start, end, text, chosen ? [at, at + target.length] : [start + 1, start + 1 + words.length]);
    return;
  }
  const prefix = format === "list" ? "- " : "> ";
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const lines = value.slice(lineStart, end).split("\n");
  const marked = lines.map((line) => (line.startsWith(prefix) ? line : `${prefix}${line}`)).join("\n");
  replace(el, lineStart, end, marked, [lineStart + marked.length, lineStart + marked.length]);
}

/** Ctrl/⌘+B, I and K in the text: true when the key was one of them (and was used). */
export function formatShortcut(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return false;
  const format = ({ b: "bold", i: "italic", k: "link" } as const)[e.key.toLowerCase() as "b" | "i" | "k"];
  if (!format) return false;
  e.preventDefault();
  applyFormat(e.currentTarget, format);
  return true;
}

/** The formatting buttons for the textarea `targetId`, with what they cost said beside them. */
export function FormatToolbar({ targetId }: { targetId: string }) {
  const apply = (format: Format) => {
    const el = document.getElementById(targetId);
    if (el instanceof HTMLTextAreaElement) applyFormat(el, format);
  };
  // A click must not take the focus, and with it the selection, from the text first.
  const keepSelection = (e: MouseEvent) => e.preventDefault();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <div role="group" aria-label="Formatting" className="flex gap-1">
        {FORMATS.map(({ format, label, keys, icon: Icon }) => (
          <button
            key={format}
            type="button"
            aria-label={label}
            title={keys ? `${label} (${keys.split(" ")[0]!.replace("Control", "Ctrl")})` : label}
            aria-keyshortcuts={keys}
            aria-controls={targetId}
            onMouseDown={keepSelection}
            onClick={() => apply(format)}
            className={buttonClass("ghost", "size-11 p-0")}
          >
            <Icon aria-hidden className="size-4" />
          </button>
        ))}
      </div>
      <p id={`${targetId}-format-hint`} className="text-sm text-ink-soft">
        Marks such as ** count toward the 900 characters.
      </p>
    </div>
  );
}
