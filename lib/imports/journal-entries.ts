import "server-only";
import { pipeline, type Readable } from "node:stream";
import chain from "stream-chain";
import { parser, type Token } from "stream-json/parser.js";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import { IMPORT_JSON_DEPTH_MAX } from "./limits";
import {
  JOURNAL_NO_ENTRIES_REASON,
  JOURNAL_TOO_DEEP_REASON,
  JOURNAL_UNREADABLE_REASON,
  NotAJournalError,
} from "./journal-rules";

export { NotAJournalError } from "./journal-rules";

// A Day One journal (`{"metadata":{…},"entries":[…]}`) read as a stream, one entry at a time
// (docs/decisions/093): JSON.parse of a whole journal held all of it at once, and 600 000 tiny
// entries (60 MB of text from a 212 KB ZIP) ran the job's process out of memory. stream-json says it
// is not made for hostile input: here its input is bounded before it gets there (the journals'
// checked sizes, lib/imports/zip.ts), its nesting below, and its count by the caller
// (IMPORT_ENTRIES_MAX), and it runs in the job's own process with a heap limit of its own. The
// browser reads a journal whole by the same rules (./journal-rules.ts's journalItems).

/**
 * The raw entries of the journal whose bytes `text` streams, in order. Stopping early (a `break`)
 * stops the reading. Throws NotAJournalError when the JSON is broken, nests deeper than
 * IMPORT_JSON_DEPTH_MAX, is not an object with an `entries` array, or could not be read whole.
 */
export async function* journalEntries(text: Readable): AsyncGenerator<unknown> {
  let depth = 0;
  let found = false;
  // Sees every token on its way: the depth, and whether the top-level object has its `entries`.
  const watch = (token: Token) => {
    if (token.name === "startObject" || token.name === "startArray") {
      if (++depth > IMPORT_JSON_DEPTH_MAX) throw new NotAJournalError(JOURNAL_TOO_DEEP_REASON);
    } else if (token.name === "endObject" || token.name === "endArray") depth--;
    else if (token.name === "keyValue" && depth === 1 && token.value === "entries") found = true;
    return token;
  };
  const tokens = chain([parser({ streamValues: false }), watch, pick({ filter: "entries" }), streamArray()]);
  // A fault of either side reaches the loop below: pipeline() destroys `tokens` with it.
  pipeline(text, tokens, () => undefined);
  try {
    for await (const { value } of tokens as AsyncIterable<{ key: number; value: unknown }>) yield value;
  } catch (err) {
    // Broken JSON, and a file the ZIP could not give whole, are the same to the person.
    throw err instanceof NotAJournalError ? err : new NotAJournalError(JOURNAL_UNREADABLE_REASON);
  } finally {
    // Stopped early (a break, or a fault), the reading stops too.
    tokens.destroy();
    text.destroy();
  }
  if (!found) throw new NotAJournalError(JOURNAL_NO_ENTRIES_REASON);
}
