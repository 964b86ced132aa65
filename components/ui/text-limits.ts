import { countCharacters, graphemes } from "@/lib/validation/graphemes";

/**
 * Keeps `text` within `max` characters (graphemes, as countCharacters counts them) by cutting the
 * end of what was just typed or pasted, i.e. the characters just before the caret, so a paste in
 * the middle never eats the text after it. Returns the text and where the caret belongs.
 */
export function limitInsertion(text: string, caret: number, max: number): { text: string; caret: number } {
  const excess = countCharacters(text) - max;
  if (excess <= 0) return { text, caret };
  const before = Array.from(graphemes(text.slice(0, caret)));
  const after = text.slice(caret);
  const kept = before.slice(0, Math.max(0, before.length - excess)).join("");
  const result = kept + after;
  // The caret sat at the very start (an edit we cannot attribute): cut from the end instead.
  if (countCharacters(result) > max) {
    const all = Array.from(graphemes(result)).slice(0, max).join("");
    return { text: all, caret: all.length };
  }
  return { text: result, caret: kept.length };
}
