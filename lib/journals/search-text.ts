// The diary search's words, on both sides of the database (docs/decisions/060): how a search text
// becomes words and phrases (lib/journals/search.ts builds the tsquery from them, never from the
// text itself), and how a hit's snippet is cut and its matched words found, accent- and
// case-insensitively, in the offsets JavaScript uses (UTF-16 units). No `server-only`: pure text.

import { plainTextOf } from "./formatting";

/** A word: a letter or digit of any script, then letters, digits and combining marks. PostgreSQL's parser splits at the same places (apostrophes, hyphens, underscores, punctuation). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The characters written without spaces between words: Han (Chinese characters, kanji) and kana.
 * A run of them is searched by its pairs of characters (docs/decisions/140): the very class of
 * inkwell_search_text in PostgreSQL (migration 0044).
 */
const CJK_CLASS =
  "\\u3005\\u3006\\u3041-\\u3096\\u309D-\\u309F\\u30A1-\\u30FA\\u30FC-\\u30FF\\u31F0-\\u31FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFF66-\\uFF9F\\u{20000}-\\u{2FFFF}";
const CJK = new RegExp(`[${CJK_CLASS}]`, "u");
/** A word's runs of Han and kana, and what is between them. */
const PIECES = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, "gu");

/** Whether `text` holds a character of Han or kana. */
export const hasCjk = (text: string) => CJK.test(text);

/** A folded word with its runs of Han and kana apart from its other letters ("東京tower" is "東京 tower"), as inkwell_search_text parts them. */
const partedCjk = (folded: string) => (hasCjk(folded) ? (folded.match(PIECES) ?? []).join(" ") : folded);

/** One lexeme of the tsquery a searched word becomes; a prefix matches every lexeme that starts with it. */
export interface SearchToken {
  text: string;
  prefix: boolean;
}

/**
 * A searched word as the lexemes it is matched by, in a row (`<->`), as inkwell_search_text writes
 * a page: a run of Han and kana by its pairs of characters, and its last character too where the
 * page's run ends there as well (before other letters of the word, or before the next word of a
 * phrase: `endsGroup` false); a run of one character at the end as a prefix, which finds it
 * starting a pair or ending a run. Anything else is one lexeme, a prefix when `prefix` (the word
 * still being typed) and it ends the word.
 */
export function searchTokens(
  word: string,
  { endsGroup, prefix }: { endsGroup: boolean; prefix: boolean },
): SearchToken[] {
  const pieces = word.match(PIECES) ?? [];
  return pieces.flatMap((piece, p) => {
    const last = p === pieces.length - 1;
    // A mark alone (a kana's voicing mark written apart) is no lexeme: PostgreSQL's parser skips it.
    if (!/[\p{L}\p{N}]/u.test(piece)) return [];
    if (!CJK.test(piece)) return [{ text: piece, prefix: prefix && last }];
    const chars = Array.from(piece);
    const atEnd = last && endsGroup;
    if (chars.length === 1) return [{ text: piece, prefix: atEnd }];
    const pairs = chars.slice(1).map((c, i) => ({ text: `${chars[i]!}${c}`, prefix: false }));
    return atEnd ? pairs : [...pairs, { text: chars[chars.length - 1]!, prefix: false }];
  });
}

export interface ParsedSearch {
  /** Each group is one word, or the words of a "quoted phrase" in order; every group must match. */
  groups: string[][];
  /** The last word is still being typed: it matches as a prefix. */
  prefixLast: boolean;
  /** How many words in all. */
  words: number;
}

/**
 * `q` as words and phrases: text between double quotes is a phrase (an unclosed quote runs to the
 * end), anything else is a word each. The last word is a prefix when `q` ends with it (no space or
 * closing quote after it), as it does while a person types.
 */
export function parseSearch(q: string): ParsedSearch {
  const groups: string[][] = [];
  q.split('"').forEach((part, i) => {
    const words = wordsOf(part);
    if (i % 2 === 1) {
      if (words.length) groups.push(words);
    } else for (const w of words) groups.push([w]);
  });
  const words = groups.reduce((n, g) => n + g.length, 0);
  return { groups, prefixLast: words > 0 && /[\p{L}\p{N}\p{M}]$/u.test(q), words };
}

/** Letters unaccent turns into others that Unicode does not decompose. */
const UNACCENT_EXTRA: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ħ: "h",
  ı: "i",
  þ: "th",
  ð: "d",
  ŧ: "t",
};

/** The words of `text`, as the search splits them. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A word as the search compares it: compatibility-decomposed, without combining marks (Arabic and Hebrew vowel marks among them) or the Arabic tatweel, lower case (what inkwell_search_fold and 'simple' do in PostgreSQL). */
export function foldWord(word: string): string {
  // ASCII has nothing to decompose or unaccent: lower case is all (most words; the locked search folds every word of a diary).
  if (ASCII.test(word)) return word.toLowerCase();
  const lower = word
    .normalize("NFKD")
    .replace(/[\p{M}\u0640]/gu, "")
    .toLowerCase();
  return lower.replace(/[ßæœøłđħıþðŧ]/g, (c) => UNACCENT_EXTRA[c] ?? c);
}

/**
 * The words of `text` as the search compares them (wordsOf, each folded by foldWord, a word's runs
 * of Han and kana apart from its other letters), as one string, each word between single spaces
 * (" river bread "): a locked diary's search keeps one for
 * every page it opened (client/lock/locked-index.ts), one string rather than hundreds of words.
 */
export function foldedTextOf(text: string): string {
  // ASCII's words are its letters and digits: lower case, and every run of anything else one space.
  const words = ASCII.test(text)
    ? text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim()
    : wordsOf(text)
        .map((w) => partedCjk(foldWord(w)))
        .join(" ");
  return words ? ` ${words} ` : " ";
}

export interface SearchTerm {
  folded: string;
  prefix: boolean;
}

/** The words a hit is highlighted by: every word of the search, folded; the last one a prefix while typed. */
export function searchTerms(parsed: ParsedSearch): SearchTerm[] {
  const all = parsed.groups.flat();
  return all.map((w, i) => ({ folded: foldWord(w), prefix: parsed.prefixLast && i === all.length - 1 }));
}

/**
 * Whether the folded words of a text (foldedTextOf) hold every group of `parsed`, a phrase's words
 * in a row, the last word typed as a prefix: the server's match, for the pages it cannot read
 * (client/lock/locked-index.ts).
 */
export function foldedTextMatch(folded: string, parsed: ParsedSearch): boolean {
  if (!parsed.words) return false;
  const terms = searchTerms(parsed);
  let t = 0;
  return parsed.groups.every((group) => {
    const wanted = terms.slice(t, (t += group.length));
    const first = wanted[0]!;
    const last = wanted[wanted.length - 1]!;
    // Han and kana are found anywhere in a word, as the server finds them by their pairs.
    const start = CJK.test(first.folded.charAt(0)) ? "" : " ";
    const end = last.prefix || CJK.test(Array.from(last.folded).at(-1) ?? "") ? "" : " ";
    return folded.includes(`${start}${wanted.map((w) => partedCjk(w.folded)).join(" ")}${end}`);
  });
}

/** Whether a folded word is a term's whole word: the term itself, or a word it starts while typed. */
const isTerm = (folded: string, t: SearchTerm) => (t.prefix ? folded.startsWith(t.folded) : folded === t.folded);

/** Whether a folded word holds a term: its whole word, or a word of Han or kana the term is found in. */
const termMatches = (folded: string, t: SearchTerm) =>
  isTerm(folded, t) || (hasCjk(t.folded) && folded.includes(t.folded));

function matches(word: string, terms: SearchTerm[]): boolean {
  const folded = foldWord(word);
  return terms.some((t) => isTerm(folded, t));
}

/** [start, end) of each place in `word` (at `at` in its text) where a term of Han or kana is found, in UTF-16 offsets. */
function cjkRanges(word: string, at: number, terms: SearchTerm[]): [number, number][] {
  const wanted = terms.filter((t) => hasCjk(t.folded));
  if (!wanted.length) return [];
  // The word folded a character at a time, each folded unit remembering the character it came from.
  let folded = "";
  const from: [number, number][] = [];
  let offset = 0;
  for (const c of word) {
    const f = foldWord(c);
    folded += f;
    for (let i = 0; i < f.length; i++) from.push([at + offset, at + offset + c.length]);
    offset += c.length;
  }
  const ranges: [number, number][] = [];
  for (const t of wanted)
    for (let i = folded.indexOf(t.folded); i >= 0 && t.folded; i = folded.indexOf(t.folded, i + t.folded.length))
      ranges.push([from[i]![0], from[i + t.folded.length - 1]![1]]);
  return ranges.sort((a, b) => a[0] - b[0]).filter((r, i, all) => i === 0 || r[0] >= all[i - 1]![1]);
}

/** [start, end) of every word of `text` that a term matches (of Han and kana, the part it matches), in UTF-16 offsets. */
export function matchedRanges(text: string, terms: SearchTerm[]): [number, number][] {
  const ranges: [number, number][] = [];
  if (!terms.length) return ranges;
  for (const m of text.matchAll(WORD)) {
    if (matches(m[0], terms)) ranges.push([m.index, m.index + m[0].length]);
    else ranges.push(...cjkRanges(m[0], m.index, terms));
  }
  return ranges;
}

/** The longest snippet, in UTF-16 units before the ellipses, and how much of it comes before the first match. */
export const SNIPPET_MAX = 160;
const SNIPPET_LEAD = 40;
const ELLIPSIS = "…";

/** Moves `i` off the second half of a surrogate pair, so a cut never splits a character. */
function safe(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff ? i - 1 : i;
}

/** Plain text of at most SNIPPET_MAX units (plus ellipses) from `from`, on whole words where it can, line breaks as spaces. */
function cut(text: string, from: number): string {
  let start = Math.max(0, from);
  if (start > 0) {
    const space = text.lastIndexOf(" ", start);
    const lineBreak = text.lastIndexOf("\n", start);
    const at = Math.max(space, lineBreak);
    start = at >= 0 && start - at < 20 ? at + 1 : safe(text, start);
  }
  let end = Math.min(text.length, start + SNIPPET_MAX);
  if (end < text.length) {
    const space = Math.max(text.lastIndexOf(" ", end), text.lastIndexOf("\n", end));
    end = space > start + SNIPPET_MAX / 2 ? space : safe(text, end);
  }
  const body = text.slice(start, end).replace(/\s+/g, " ").trim();
  return `${start > 0 ? ELLIPSIS : ""}${body}${end < text.length ? ELLIPSIS : ""}`;
}

/** The opening of an entry for the List view: its first lines as one line of plain text, without formatting's marks. */
export function excerptOf(content: string): string {
  return cut(plainTextOf(content), 0);
}

/** A hit's snippet: the content around its first matched word (its opening when only the title matched), without formatting's marks, and the matched words in it. */
export function snippetOf(formatted: string, terms: SearchTerm[]): { snippet: string; ranges: [number, number][] } {
  const content = plainTextOf(formatted);
  const all = matchedRanges(content, terms);
  const first = all[0]?.[0] ?? 0;
  // Starts some words before the match, and no later than it needs to for the snippet to be full.
  const snippet = cut(content, Math.min(first - SNIPPET_LEAD, content.length - SNIPPET_MAX));
  return { snippet, ranges: matchedRanges(snippet, terms) };
}

// ---------------------------------------------------------------------------------------------
// Ranking on the device (docs/diary-lock.md): the locked pages a browser searched take their place
// among the server's hits by the same measure the server orders by, PostgreSQL's ts_rank over the
// unweighted vector of title and content (lib/journals/search.ts), ported from its calc_rank_or
// (one word) and calc_rank_and (several): more occurrences rank higher, and nearer together.

/** The weight ts_rank gives a position without a weight (D). */
const UNWEIGHTED = 0.1;
/** ts_rank's word_distance: how much two matched words count by how far apart they are. */
const wordDistance = (d: number) => (d > 100 ? 1e-30 : 1 / (1.005 + 0.05 * Math.exp(d / 1.5 - 2)));
/** PostgreSQL keeps at most 256 positions of a lexeme; a word past position 16 383 is counted at it. */
const POSITIONS_MAX = 256;
const POSITION_LAST = 16_383;

/** ts_rank(to_tsvector(title || ' ' || content), query) of the search's words, approximately. */
export function rankOf(title: string, content: string, terms: SearchTerm[]): number {
  const words = wordsOf(`${title} ${content}`).map(foldWord);
  const distinct = terms.filter((t, i) => terms.findIndex((u) => u.folded === t.folded && u.prefix === t.prefix) === i);
  const positions = distinct.map((t) => {
    const at: number[] = [];
    words.forEach((w, i) => {
      if (at.length < POSITIONS_MAX && termMatches(w, t)) at.push(Math.min(i + 1, POSITION_LAST));
    });
    return at;
  });
  if (positions.length < 2) {
    // One word: each lexeme it matches (a prefix may match several) counts on its own.
    const byLexeme = new Map<string, number>();
    for (const p of positions[0] ?? []) {
      const lexeme = words[p - 1] ?? "";
      byLexeme.set(lexeme, (byLexeme.get(lexeme) ?? 0) + 1);
    }
    let sum = 0;
    for (const count of byLexeme.values())
      for (let j = 0; j < count; j++) sum += UNWEIGHTED / ((j + 1) * (j + 1)) / 1.64493406685;
    return sum;
  }
  let res = -1;
  for (let i = 0; i < positions.length; i++)
    for (let k = 0; k < i; k++)
      for (const p of positions[i]!)
        for (const q of positions[k]!) {
          const dist = Math.abs(p - q);
          if (!dist) continue;
          const w = Math.sqrt(UNWEIGHTED * UNWEIGHTED * wordDistance(dist));
          res = res < 0 ? w : 1 - (1 - res) * (1 - w);
        }
  return res < 0 ? 1e-20 : res;
}

interface Rankable {
  title: string;
  content: string;
  journaldate: string;
}

/**
 * The server's hits, in the order it gave (best first, then newest day), with `local` hits (found
 * on this device) placed among them by rankOf and then by day: a local hit goes before the first
 * server hit it outranks.
 */
export function mergeRanked<T extends Rankable>(server: readonly T[], local: readonly T[], q: string): T[] {
  if (!local.length) return [...server];
  const terms = searchTerms(parseSearch(q));
  const score = (h: T) => (terms.length ? rankOf(h.title, h.content, terms) : 0);
  const before = (a: { hit: T; rank: number }, b: { hit: T; rank: number }) =>
    a.rank > b.rank || (a.rank === b.rank && a.hit.journaldate > b.hit.journaldate);
  const mine = local
    .map((hit) => ({ hit, rank: score(hit) }))
    .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const merged: T[] = [];
  let m = 0;
  for (const hit of server) {
    const theirs = { hit, rank: score(hit) };
    while (m < mine.length && before(mine[m]!, theirs)) merged.push(mine[m++]!.hit);
    merged.push(hit);
  }
  while (m < mine.length) merged.push(mine[m++]!.hit);
  return merged;
}
