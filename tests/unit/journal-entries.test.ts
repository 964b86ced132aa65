import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { journalEntries, NotAJournalError } from "../../lib/imports/journal-entries";
import { IMPORT_JSON_DEPTH_MAX } from "../../lib/imports/limits";

// A Day One journal read one entry at a time (docs/decisions/093), never parsed whole.

/** `text` as a stream of `size`-byte chunks, as a ZIP's inflated file arrives. */
function streamOf(text: string, size = 7): Readable & { pulled: () => number } {
  const bytes = Buffer.from(text);
  let pulled = 0;
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) {
        pulled += 1;
        yield bytes.subarray(i, i + size);
      }
    })(),
  );
  return Object.assign(stream, { pulled: () => pulled });
}

async function all(text: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const entry of journalEntries(streamOf(text))) out.push(entry);
  return out;
}

describe("a journal read as a stream", () => {
  it("gives each entry as JSON.parse would, across chunks that split characters and tokens", async () => {
    const journal = {
      metadata: { version: "1.0" },
      entries: [
        { creationDate: "2026-03-01T08:00:00Z", text: 'Café ☕ 👩‍👩‍👧 \\. "quoted"', tags: ["a"], n: 1.5e3 },
        { text: "" },
        "not an entry",
        null,
      ],
    };
    expect(await all(JSON.stringify(journal, null, 2))).toEqual(journal.entries);
    // A byte-order mark first, as some editors save.
    expect(await all(`\ufeff${JSON.stringify(journal)}`)).toEqual(journal.entries);
    expect(await all('{"entries":[]}')).toEqual([]);
  });

  it("stops reading when the reader stops", async () => {
    const text = `{"entries":[${Array.from({ length: 10_000 }, () => '{"text":"x"}').join(",")}]}`;
    const stream = streamOf(text, 64);
    let seen = 0;
    for await (const entry of journalEntries(stream)) {
      expect(entry).toEqual({ text: "x" });
      if (++seen === 10) break;
    }
    expect(stream.pulled()).toBeLessThan(Math.ceil(Buffer.byteLength(text) / 64) / 10);
    expect(stream.destroyed).toBe(true);
  });

  it("is not a journal when broken, not an object with a list of entries, or nested too deep", async () => {
    const refused = async (text: string) => {
      const err = await all(text).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, text.slice(0, 40)).toBeInstanceOf(NotAJournalError);
      return (err as Error).message;
    };
    expect(await refused('{"metadata":{"version":"1.0"},"entries":[{')).toBe(
      "Not a Day One journal: its JSON could not be read",
    );
    expect(await refused('{"entries":[1]} and more')).toBe("Not a Day One journal: its JSON could not be read");
    expect(await refused("")).toBe("Not a Day One journal: its JSON could not be read");
    expect(await refused('{"entries":{"a":1}}')).toBe("Not a Day One journal: its JSON could not be read");
    expect(await refused('{"metadata":{"entries":[1]}}')).toBe("Not a Day One journal: it has no list of entries");
    expect(await refused('[{"entries":[1]}]')).toBe("Not a Day One journal: it has no list of entries");
    expect(await refused(`{"entries":[${"[".repeat(IMPORT_JSON_DEPTH_MAX)}`)).toBe(
      `Not a Day One journal: it nests deeper than ${IMPORT_JSON_DEPTH_MAX} levels`,
    );
    // As deep as it may be is read.
    const deep = `${"[".repeat(IMPORT_JSON_DEPTH_MAX - 2)}${"]".repeat(IMPORT_JSON_DEPTH_MAX - 2)}`;
    expect(await all(`{"entries":[${deep}]}`)).toEqual([JSON.parse(deep)]);
  });

  it("passes on a fault of the file it reads as a journal that could not be read", async () => {
    const failing = Readable.from(
      (function* () {
        yield Buffer.from('{"entries":[{"text":"a"},');
        throw new Error("invalid distance too far back");
      })(),
    );
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const entry of journalEntries(failing)) seen.push(entry);
      })(),
    ).rejects.toThrow(new NotAJournalError("its JSON could not be read"));
  });
});
