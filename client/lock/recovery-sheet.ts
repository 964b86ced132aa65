// The diary lock's recovery key as a person keeps it (docs/decisions/114-the-diary-lock.md): shown
// once, then saved as a small text file or a one-page PDF. Both say the same few things: what the
// key is, the key, where to use it, and that without it, the passphrase or a passkey nobody can
// open the locked pages. The PDF is made in the browser by react-pdf, loaded only when asked for,
// so the diary's first-load JavaScript does not carry it; it uses the PDF's built-in Helvetica and
// Courier, so nothing is downloaded.
import type { Styles } from "@react-pdf/renderer";
import { createElement as h } from "react";
import { formatLongDay, localDayKey } from "@/lib/dates/local-day";

type Style = Styles[string];

export interface RecoverySheet {
  /** The key as formatRecoveryKey writes it (client/lock/crypto.ts): groups of five joined by dashes. */
  key: string;
  /** The account's email address. */
  email: string;
  createdAt: Date;
}

const TITLE = "Inkwell — your diary’s recovery key";
const WHAT =
  "This key unlocks the locked pages of your Inkwell diary if you forget your passphrase or lose your passkeys.";
const WHERE = "Me → Security → Diary lock → Unlock your diary → Recovery key";
const HOW = `In Inkwell, go to ${WHERE}. Type or paste the key. Capitals, spaces and dashes do not matter.`;
const WARNING = [
  "Inkwell cannot open your locked pages without this key, your passphrase or a passkey.",
  "If you lose all of them, nobody can open those pages, Inkwell included.",
  "Keep this key somewhere safe and private. With it and your account, someone else could read your locked pages.",
].join(" ");

/** The day the sheet was made, as the person's device counts days ("Monday, November 30, 2026"). */
const madeOn = (sheet: RecoverySheet) => formatLongDay(localDayKey(sheet.createdAt));

/** The recovery key as a small text file a person keeps: what it is, the key, where to use it, and what losing it means. */
export function recoveryKeyText(sheet: RecoverySheet): string {
  return [
    TITLE,
    "",
    WHAT,
    "",
    `Account: ${sheet.email}`,
    `Made on: ${madeOn(sheet)}`,
    "",
    "Your recovery key:",
    "",
    sheet.key,
    "",
    "Where to use it",
    HOW,
    "",
    "Keep it safe",
    WARNING,
    "",
  ].join("\n");
}

/** The file's name, with the day it was made and no email address (`inkwell-recovery-key-2026-11-30.txt`). */
export function recoveryKeyFileName(sheet: RecoverySheet, kind: "txt" | "pdf" = "txt"): string {
  return `inkwell-recovery-key-${localDayKey(sheet.createdAt)}.${kind}`;
}

/** Groups of the key on one printed line: 4 groups and 3 dashes, 23 characters of Courier. */
const GROUPS_PER_LINE = 4;
/** Courier's characters are 0.6 em wide: 23 of them at 24 pt are 331 pt, inside A4's 483 pt between the margins. */
const KEY_SIZE = 24;
const INK = "#1f2937";
const MUTED = "#4b5563";
const RULE = "#9ca3af";

/** The key's lines for the page: whole groups only, so a line never breaks inside a group. */
function keyLines(key: string): string[] {
  const groups = key.split("-");
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += GROUPS_PER_LINE) lines.push(groups.slice(i, i + GROUPS_PER_LINE).join("-"));
  return lines;
}

/** An address this long fits on one line at 11 pt even in Helvetica's widest letters (W, 0.944 em: 374 pt of 413). */
const ADDRESS_PIECE = 36;

/**
 * The address in pieces that each fit on a line, broken after an @ or a dot where it can be. As one
 * word, a long address would be hyphenated by react-pdf (a hyphen added to an address reads as part
 * of it) or, without hyphenation, run off the page. A usual address is one piece.
 */
function addressPieces(email: string): string[] {
  if (email.length <= ADDRESS_PIECE) return [email];
  return (email.match(/[^@.]*[@.]?/g) ?? [])
    .filter(Boolean)
    .flatMap((part) => part.match(new RegExp(`.{1,${ADDRESS_PIECE}}`, "g")) ?? []);
}

/**
 * The PDF's standard fonts draw only Windows-1252's characters: an arrow would be an empty glyph.
 * (An address is ASCII as sign-up checks it, lib/validation/auth.ts; the rest is this file's own text.)
 */
const printable = (text: string) => text.replaceAll("→", "›");

/**
 * The same as a one-page A4 PDF, made in the browser; react-pdf is loaded on the first call. Its
 * layout engine (yoga) is WebAssembly: where the page's Content Security Policy refuses WebAssembly
 * (a script-src without 'wasm-unsafe-eval'), this rejects, and the text file is still there.
 */
export async function recoveryKeyPdf(sheet: RecoverySheet): Promise<Blob> {
  const { Document, Page, Text, View, pdf } = await import("@react-pdf/renderer");

  /** A paragraph whose lines break between words only: react-pdf would hyphenate English words (and an address). */
  const text = (style: Style, content: string, key?: number) =>
    h(Text, { key, style, hyphenationCallback: (word: string) => [word] }, content);
  const body: Style = { fontSize: 11, lineHeight: 1.45 };
  const heading: Style = {
    fontFamily: "Helvetica-Bold",
    fontSize: 12,
    lineHeight: 1.3,
    marginTop: 18,
    marginBottom: 4,
  };
  const label: Style = { ...body, color: MUTED };
  /** A label and its value; the value's pieces flow onto the next line between pieces only. */
  const fact = (name: string, pieces: string[]) =>
    h(
      View,
      { style: { flexDirection: "row" } },
      text({ ...label, width: 70 }, name),
      h(
        View,
        { style: { flex: 1, flexDirection: "row", flexWrap: "wrap" } },
        ...pieces.map((piece, i) => text(body, piece, i)),
      ),
    );

  const document = h(
    Document,
    { title: TITLE, creator: "Inkwell", producer: "Inkwell", language: "en", creationDate: sheet.createdAt },
    h(
      Page,
      {
        // A4, which holds all of this with room to spare, also the longest address (254 characters).
        // Not wrap={false}: react-pdf then makes the page only as tall as its content.
        size: "A4",
        style: { paddingVertical: 64, paddingHorizontal: 56, fontFamily: "Helvetica", color: INK },
      },
      text({ fontFamily: "Helvetica-Bold", fontSize: 20, lineHeight: 1.25, marginBottom: 12 }, TITLE),
      text({ ...body, marginBottom: 16 }, WHAT),
      fact("Account", addressPieces(sheet.email)),
      fact("Made on", [madeOn(sheet)]),
      h(
        View,
        { style: { marginTop: 24, paddingVertical: 18, borderWidth: 1, borderColor: RULE, borderRadius: 6 } },
        text({ ...label, textAlign: "center", marginBottom: 10 }, "Your recovery key"),
        // One Text per line of the key, centred in the box (331 pt of key in 443 pt).
        ...keyLines(sheet.key).map((line, i) =>
          text({ fontFamily: "Courier-Bold", fontSize: KEY_SIZE, lineHeight: 1.5, textAlign: "center" }, line, i),
        ),
      ),
      text(heading, "Where to use it"),
      text(body, printable(HOW)),
      text(heading, "Keep it safe"),
      text(body, WARNING),
    ),
  );
  return pdf(document).toBlob();
}
