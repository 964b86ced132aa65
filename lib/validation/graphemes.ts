// Characters as a person sees them (grapheme clusters), counted in time linear in the text's length.
// Intl.Segmenter over a whole string grows with its square (V8: 20 000 characters took 2.9 s and
// 565 MB, 100 000 ran out of heap), so the text is segmented in short chunks instead. Shared by the
// editor and the server (no server-only imports).

/**
 * How many code points one character a person sees may take, on average over a text: an emoji
 * family (👨‍👩‍👧‍👦) is 7, and no real text needs more than 8. The database's length checks are
 * backstops in code points at this ratio (lib/db/schema.ts); UTF-16 takes at most twice as many units.
 */
export const CODE_POINTS_PER_CHARACTER = 8;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const CHUNK = 256;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The grapheme clusters of `text`, in order. Each chunk is segmented on its own; its last cluster
 * may continue past the chunk, so it is dropped and the next chunk starts where it began (a boundary
 * depends only on the characters next to it, and a chunk never ends inside a surrogate pair). A
 * single cluster longer than a chunk (hundreds of stacked accents, which no real text has) is
 * split at the chunk's end, which can only make a text count as longer.
 */
export function* graphemes(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + CHUNK);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    const parts = Array.from(segmenter.segment(text.slice(start, end)), (s) => s.segment);
    if (end === text.length) {
      yield* parts;
      return;
    }
    if (parts.length === 1) {
      yield parts[0]!;
      start = end;
      continue;
    }
    const last = parts.pop()!;
    yield* parts;
    start = end - last.length;
  }
}

/** Characters as a person sees them: 👍🏽, 👨‍👩‍👧 and é (e + accent) each count as one. */
export function countCharacters(text: string): number {
  let n = 0;
  for (let it = graphemes(text); !it.next().done;) n++;
  return n;
}
