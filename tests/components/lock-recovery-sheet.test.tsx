import { afterEach, expect, test, vi } from "vitest";
import { formatRecoveryKey } from "@/client/lock/crypto";
import { recoveryKeyFileName, recoveryKeyPdf, recoveryKeyText, type RecoverySheet } from "@/client/lock/recovery-sheet";
import { otherOriginsLoadedSince } from "./support/network";
import { inflate, latin1, textRunsOf } from "./support/pdf";

// The diary lock's recovery key as a person keeps it (client/lock/recovery-sheet.ts): the text file,
// and the one-page PDF that react-pdf makes in Chromium itself, read back from its bytes. No
// component: it runs here because the PDF is made in the browser.

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fixed key, so that a failure can be run again as it was. */
const KEY_BYTES = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256);
/** Late in the evening of November 30th on this machine's clock: the day is the person's, not UTC's. */
const CREATED_AT = new Date(2026, 10, 30, 23, 30);

async function sheet(email = "alice@example.com"): Promise<RecoverySheet> {
  return { key: await formatRecoveryKey(KEY_BYTES), email, createdAt: CREATED_AT };
}

test("the text file says what the key is, the key, where to use it and what losing it means", async () => {
  const s = await sheet();
  expect(s.key).toMatch(/^([0-9A-Z]{5}-){11}[0-9A-Z]$/);
  expect(recoveryKeyText(s)).toBe(
    [
      "Inkwell — your diary’s recovery key",
      "",
      "This key unlocks the locked pages of your Inkwell diary if you forget your passphrase or lose your passkeys.",
      "",
      "Account: alice@example.com",
      "Made on: Monday, November 30, 2026",
      "",
      "Your recovery key:",
      "",
      s.key,
      "",
      "Where to use it",
      "In Inkwell, go to Me → Security → Diary lock → Unlock your diary → Recovery key. Type or paste the key. Capitals, spaces and dashes do not matter.",
      "",
      "Keep it safe",
      "Inkwell cannot open your locked pages without this key, your passphrase or a passkey. If you lose all of them, nobody can open those pages, Inkwell included. Keep this key somewhere safe and private. With it and your account, someone else could read your locked pages.",
      "",
    ].join("\n"),
  );
});

test("the file's name has the day it was made and no address", async () => {
  const s = await sheet();
  expect(recoveryKeyFileName(s)).toBe("inkwell-recovery-key-2026-11-30.txt");
  expect(recoveryKeyFileName(s, "pdf")).toBe("inkwell-recovery-key-2026-11-30.pdf");
  expect(recoveryKeyFileName(s)).not.toContain("@");
  expect(recoveryKeyFileName(s)).not.toContain("alice");
});

// ---------------------------------------------------------------------------------------------
// Reading the PDF back (support/pdf.ts): each run of text in it is in the font's Windows-1252
// encoding, the PDF's built-in fonts'. A line can be several runs (react-pdf starts a new run
// where the script changes, between "1" and "CR5A"), so runs are joined into lines by their height.

interface PdfLine {
  /** The first run's font and size. */
  font: string;
  size: number;
  /** The runs of text on the line, left to right. */
  runs: string[];
  text: string;
}

async function readPdf(blob: Blob): Promise<{ raw: string; pages: number; lines: PdfLine[] }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const raw = latin1(bytes);
  const pages = raw.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;

  // The fonts' names in the page's resources (/F1 11 0 R), and each font object's /BaseFont.
  const baseFonts = new Map<string, string>();
  for (const [, id, name] of raw.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/([\w-]+)/g))
    baseFonts.set(id!, name!);
  const fonts = new Map<string, string>();
  for (const [, resource, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(resource!, baseFonts.get(id!)!);

  const windows1252 = new TextDecoder("windows-1252");
  const lines: (PdfLine & { y: number })[] = [];
  for (const stream of raw.matchAll(/\/Length (\d+)\s*\/Filter \/FlateDecode\s*>>\s*stream\n/g)) {
    const start = stream.index + stream[0].length;
    const content = await inflate(bytes.slice(start, start + Number(stream[1])));
    for (const run of textRunsOf(content)) {
      const text = windows1252.decode(Uint8Array.from(run.hex.match(/../g) ?? [], (pair) => parseInt(pair, 16)));
      const last = lines.at(-1);
      if (last && Math.abs(last.y - run.y) < 0.5) last.runs.push(text);
      else lines.push({ font: fonts.get(run.font) ?? run.font, size: run.size, runs: [text], text: "", y: run.y });
    }
  }
  return { raw, pages, lines: lines.map(({ font, size, runs }) => ({ font, size, runs, text: runs.join("") })) };
}

/** The words of the page in reading order, each run of spaces and line breaks as one space. */
const words = (lines: PdfLine[]) =>
  lines
    .map((l) => l.runs.join(" "))
    .join(" ")
    .replace(/\s+/g, " ");

test("the PDF is one A4 page with the key in large Courier, the address, the day and the warning, made without the network", async () => {
  const s = await sheet();
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  const startedAt = performance.now();
  const blob = await recoveryKeyPdf(s);
  const tookMs = performance.now() - startedAt;

  // Nothing came from the network: react-pdf fetched nothing but its layout engine's WebAssembly,
  // which is inlined as a data: URL (no font is downloaded), and every resource the page loaded while
  // it ran (react-pdf's own modules) came from the test's own server.
  const fetched = fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
  expect(fetched.filter((url) => !url.startsWith("data:"))).toEqual([]);
  expect(otherOriginsLoadedSince(startedAt)).toEqual([]);

  expect(blob.type).toBe("application/pdf");
  const { raw, pages, lines } = await readPdf(blob);
  expect(raw.startsWith("%PDF-")).toBe(true);
  expect(pages).toBe(1);
  expect(raw).toMatch(/\/Type \/Pages\s*\/Count 1\b/);
  expect(raw).toMatch(/\/MediaBox \[0 0 595\.28\d* 841\.89\d*\]/); // A4, in points
  // Only the PDF's built-in fonts, none embedded.
  expect([...raw.matchAll(/\/BaseFont \/([\w-]+)/g)].map((m) => m[1]).sort()).toEqual([
    "Courier-Bold",
    "Helvetica",
    "Helvetica-Bold",
  ]);
  expect(raw).not.toContain("/FontFile");

  // The key: whole groups, four to a line, each line of it one line of 24 pt Courier.
  const keyLines = lines.filter((l) => l.font.startsWith("Courier"));
  expect(keyLines.map((l) => l.text)).toEqual([s.key.slice(0, 23), s.key.slice(24, 47), s.key.slice(48)]);
  expect(keyLines.every((l) => l.size === 24)).toBe(true);

  const text = words(lines);
  expect(lines[0]).toMatchObject({ font: "Helvetica-Bold", size: 20, text: "Inkwell — your diary’s recovery key" });
  expect(text).toContain("Account alice@example.com");
  expect(text).toContain("Made on Monday, November 30, 2026");
  // The same words as the text file, with › for the arrow that Helvetica cannot draw.
  expect(text).toContain(
    "In Inkwell, go to Me › Security › Diary lock › Unlock your diary › Recovery key. Type or paste the key. Capitals, spaces and dashes do not matter.",
  );
  const warning = recoveryKeyText(s).split("Keep it safe\n")[1]!.trim();
  expect(text).toContain(warning);
  expect(warning).toContain("Inkwell cannot open your locked pages without this key, your passphrase or a passkey.");
  // Small, and quick enough to make on a click (about 1.5 s here, most of it loading react-pdf).
  expect(blob.size).toBeLessThan(20_000);
  expect(tookMs).toBeLessThan(15_000);
});

test("the longest address an account can have still fits on the one page", async () => {
  // 254 characters (EMAIL_MAX, lib/validation/auth.ts), none of them a space to break a line at.
  const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
  expect(email).toHaveLength(254);
  const { pages, lines } = await readPdf(await recoveryKeyPdf(await sheet(email)));
  expect(pages).toBe(1);
  // It wraps onto lines of its own beside "Account", broken after an @ or a dot, with no hyphen added.
  const account = lines.slice(
    lines.findIndex((l) => l.text.startsWith("Account")),
    lines.findIndex((l) => l.text.startsWith("Made on")),
  );
  expect(account.length).toBeGreaterThan(1);
  expect(account.map((l) => l.text).join("")).toBe(`Account${email}`);
  expect(account.slice(0, -1).every((l) => /[@.]$/.test(l.text))).toBe(true);
  expect(lines.filter((l) => l.font.startsWith("Courier"))).toHaveLength(3);
});
