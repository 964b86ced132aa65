// An entry's #tags as the browser finds them, for the read view's links: the same rule as the
// database's inkwell_tags (migration 0015), which keeps `journals.tags` for GET /api/journals/tags
// and the search's tag filter. A # starts a tag unless a letter, digit, _, &, /, # or - stands
// right before it (inside a word, a URL's path, an HTML-like entity); the tag runs over letters of
// any script, digits, _ and -, is case-folded, loses its trailing hyphens and has 1–64 characters.
// No `server-only`: pure text.

const TAG = /(^|[^\p{L}\p{N}_&/#-])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;
export const TAG_LENGTH_MAX = 64;

export type TextPart = { text: string } | { text: string; tag: string };

/** The tag a `#word` stands for, or null when it is none (too long). */
export function tagOf(word: string): string | null {
  const tag = word.toLowerCase().replace(/-+$/, "");
  const length = Array.from(tag).length;
  return length >= 1 && length <= TAG_LENGTH_MAX ? tag : null;
}

/** `text` in order as plain parts and tag parts (`text` the `#Word` as written, `tag` its folded name). */
export function splitTags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    const hash = m.index + m[1]!.length;
    const written = `#${m[2]!.replace(/-+$/, "")}`;
    const tag = tagOf(m[2]!);
    if (!tag) continue;
    if (hash > at) parts.push({ text: text.slice(at, hash) });
    parts.push({ text: written, tag });
    at = hash + written.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
