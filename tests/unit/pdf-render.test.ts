import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChunkedPdf } from "../../lib/journals/pdf/render";
import { pdfCoverage, pdfPool } from "../../lib/journals/pdf/pool";
import type { PrintChunk, PrintEntry } from "../../lib/journals/pdf/types";

// The PDF worker thread and the stream that feeds it (docs/decisions/029-journal-pdf.md), without
// the HTTP route: tests/api/journal-pdf.test.ts reads whole documents back through poppler, and so
// do the layout tests here.

const run = promisify(execFile);
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-pdf-render-"));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await pdfPool().close();
});

const entry = (day: string, more: Partial<PrintEntry> = {}): PrintEntry => ({
  day,
  dayLabel: day,
  title: `Entry of ${day}`,
  meta: "Keep Private · 0 hearts · 0 reads",
  content: "Line one.\nLine two.",
  formatted: false,
  photo: null,
  photoAlt: "",
  photoMissing: false,
  ...more,
});
const title: PrintChunk = {
  kind: "title",
  summary: { name: "Ada", username: "ada", range: "All entries", totals: ["Entries: 2"], downloadedOn: "2026-01-01" },
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe("the journal PDF's worker", () => {
  it("reports the characters its fonts have: Latin, Greek and Cyrillic, some symbols, not most emoji", async () => {
    const has = await pdfCoverage();
    for (const ch of "aŁλЖ✓☺😀") expect(has.has(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of "🎉中") expect(has.has(ch.codePointAt(0)!), ch).toBe(false);
  });

  it("draws every chunk into one document and ends it after the last", async () => {
    async function* chunks(): AsyncGenerator<PrintChunk> {
      yield title;
      yield { kind: "entries", entries: [entry("2024-01-01")], username: "ada" };
      yield { kind: "entries", entries: [entry("2024-01-02")], username: "ada" };
    }
    const bytes = await readAll(streamChunkedPdf({ info: { Title: "A test" }, chunks: chunks() }));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
    // Three chunks, each on its own page at least.
    expect(bytes.toString("latin1").match(/\/Type \/Page\b/g)?.length).toBe(3);
  });

  it("stops asking for chunks when the reader goes away, and the worker takes the next download", async () => {
    let stopped!: () => void;
    const generatorStopped = new Promise<void>((resolve) => (stopped = resolve));
    let produced = 0;
    async function* endless(): AsyncGenerator<PrintChunk> {
      try {
        yield title;
        for (;;) {
          produced++;
          yield {
            kind: "entries",
            entries: [entry(`2024-01-${String((produced % 28) + 1).padStart(2, "0")}`)],
            username: "ada",
          };
        }
      } finally {
        stopped();
      }
    }
    const stream = streamChunkedPdf({ info: { Title: "Left early" }, chunks: endless() });
    await new Promise((resolve) => stream.once("data", resolve));
    stream.destroy();
    await generatorStopped;
    const after = produced;

    async function* one(): AsyncGenerator<PrintChunk> {
      yield title;
    }
    const bytes = await readAll(streamChunkedPdf({ info: { Title: "Next" }, chunks: one() }));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(produced).toBe(after);
  });

  it("keeps an entry's photo on the page of the entry's last paragraph, never alone on the next", async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
        .jpeg()
        .toBuffer(),
    );
    const paragraph = "Words of the day, one after another, enough of them to fill a line or two of the page. ";
    // Entries of one to six paragraphs push the photos to every place on a page: some would fall
    // below the last line of their page.
    const entries = Array.from({ length: 12 }, (_, i) =>
      entry(`2024-02-${String(i + 1).padStart(2, "0")}`, {
        content: [
          ...Array.from({ length: 1 + (i % 6) }, () => paragraph.repeat(2)),
          `Last words of entry ${i + 1}.`,
        ].join("\n"),
        photo,
        photoAlt: `Photo ${i + 1}`,
      }),
    );
    async function* chunks(): AsyncGenerator<PrintChunk> {
      yield title;
      yield { kind: "entries", entries, username: "ada" };
    }
    const file = path.join(tmp, "photos.pdf");
    fs.writeFileSync(file, await readAll(streamChunkedPdf({ info: { Title: "Photos" }, chunks: chunks() })));
    const { stdout } = await run("pdfimages", ["-list", file]);
    const pages = stdout
      .split("\n")
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(pages).toHaveLength(entries.length);
    let moved = 0;
    for (const [i, page] of pages.entries()) {
      const { stdout: text } = await run("pdftotext", [
        "-f",
        String(page),
        "-l",
        String(page),
        "-enc",
        "UTF-8",
        file,
        "-",
      ]);
      expect(text, `photo ${i + 1} on page ${page}`).toContain(`Last words of entry ${i + 1}.`);
      // The entry's first words are on an earlier page: the entry was split, and its photo went with its end.
      if (!text.includes(`Entry of ${entries[i]!.day}`)) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it("draws a formatted page as the screen shows it: bold, italic, a list, a quote and a link, tagged for a screen reader", async () => {
    const content = [
      "A **bold** word and an *italic* one, with a [link](https://example.com/walk) and [no link](javascript:alert(1)).",
      "",
      "- bread",
      "- _tea_",
      "",
      "3. third",
      "4. fourth",
      "",
      "> quoted words",
    ].join("\n");
    async function* chunks(): AsyncGenerator<PrintChunk> {
      yield title;
      yield { kind: "entries", entries: [entry("2024-03-01", { content, formatted: true })], username: "ada" };
    }
    const bytes = await readAll(streamChunkedPdf({ info: { Title: "Formatted" }, chunks: chunks() }));
    const file = path.join(tmp, "formatted.pdf");
    fs.writeFileSync(file, bytes);
    const { stdout: text } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("A bold word and an italic one, with a link and no link.");
    for (const words of ["• bread", "• tea", "3. third", "4. fourth", "quoted words"]) expect(flat).toContain(words);
    expect(flat).not.toMatch(/\*\*|\]\(|^>/m);
    // Lora 600 for bold, Lora Italic for emphasis (and the quote), each embedded.
    const { stdout: fonts } = await run("pdffonts", [file]);
    for (const face of ["Lora-SemiBold", "Lora-Italic"]) expect(fonts).toContain(face);
    // The web link opens; the javascript: one is words only.
    const pdf = bytes.toString("latin1");
    expect(pdf).toContain("(https://example.com/walk)");
    expect(pdf).not.toContain("javascript:");
    const { stdout: tree } = await run("pdfinfo", ["-struct-text", file]);
    const flatTree = tree.replace(/\s+/g, " ");
    expect(flatTree).toContain('L (block) LI (block) Lbl (block) "•" LBody (block) P (block) "bread"');
    expect(flatTree).toContain('Lbl (block) "3." LBody (block) P (block) "third"');
    expect(flatTree).toContain('BlockQuote P (block) "quoted words"');
  });
});
