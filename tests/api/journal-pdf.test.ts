import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect,
  createJournal,
  createSession,
  createUser,
  unique,
  type FactoryDb,
} from "../../scripts/seed/factories";
import { formatLongDay } from "../../lib/dates/local-day";
import { countCharacters, countWords } from "../../lib/validation/journal-limits";
import { PDF_DRAWN_AT_ONCE } from "../../lib/config";
import { testEnv } from "../support/env";
import { entryFields, imageBlob, phonePhoto, postJournal, uploadPath } from "../support/journals";
import { badRequestBody, coded } from "../support/refusals";

// GET /api/journals/export.pdf, read back as a person's PDF reader would: the text layer through
// poppler's pdftotext, the embedded photos through pdfimages.

const run = promisify(execFile);
let db: FactoryDb;
let close: () => Promise<void>;
let tmp: string;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-pdf-test-"));
});
afterAll(async () => {
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function download(token: string | undefined, query = "") {
  const res = await fetch(`${testEnv.baseUrl}/api/journals/export.pdf${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isPdf = res.headers.get("content-type") === "application/pdf";
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    body: isPdf ? undefined : (JSON.parse(bytes.toString("utf8")) as unknown),
  };
}

async function writePdf(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const file = path.join(tmp, `${unique("doc")}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The PDF's text as pdftotext reads it, in reading order. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", await writePdf(bytes), "-"]);
  return stdout;
}

/** One row per embedded image: its page, size and encoding, from `pdfimages -list`. */
async function pdfImages(bytes: Buffer) {
  const { stdout } = await run("pdfimages", ["-list", await writePdf(bytes)]);
  return stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return { page: Number(c[0]), type: c[2], width: Number(c[3]), height: Number(c[4]), enc: c[8] };
    });
}

const flat = (text: string) => text.replace(/\s+/g, " ");

/** Each word pdftotext finds, with its box (points from the top left) and its page. */
async function pdfWords(bytes: Buffer) {
  const { stdout } = await run("pdftotext", ["-bbox", "-enc", "UTF-8", await writePdf(bytes), "-"]);
  let page = 0;
  const words: { page: number; text: string; yMin: number; yMax: number }[] = [];
  for (const line of stdout.split("\n")) {
    if (line.includes("<page ")) page++;
    const m = /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, text: m[3]!.replace(/&amp;/g, "&"), yMin: Number(m[1]), yMax: Number(m[2]) });
  }
  return words;
}

/** `pdffonts`: each font's name and whether it is embedded. */
async function pdfFonts(bytes: Buffer) {
  const { stdout } = await run("pdffonts", [await writePdf(bytes)]);
  return stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      // name, type words…, encoding, emb, sub, uni, object, generation
      return { name: c[0]!.replace(/^[A-Z]{6}\+/, ""), embedded: c.at(-5) === "yes" };
    });
}

/** A string as pdfkit writes it into an object: ASCII in parentheses, anything else as UTF-16BE with its mark. */
function pdfString(value: string): Buffer {
  if (/^[\x20-\x7e]*$/.test(value)) return Buffer.from(`(${value})`, "latin1");
  const le = Buffer.from(`\ufeff${value}`, "utf16le");
  return Buffer.from(le.map((_, i) => le[i ^ 1]!));
}

async function writer(name = "Zoë Łukasiewicz") {
  const { user } = await createUser(db, { name });
  return { user, token: await createSession(db, user.id) };
}

describe("the journal PDF", () => {
  it("answers HEAD without drawing: HEADs past PDF_DOWNLOADS_MAX hold no place, and a download still comes", async () => {
    const { user } = await createUser(db);
    const token = await createSession(db, user.id);
    await createJournal(db, user.id, { journalDate: "2025-03-01", title: "Headed" });
    for (let i = 0; i < PDF_DRAWN_AT_ONCE + 2; i++) {
      const head = await fetch(`${testEnv.baseUrl}/api/journals/export.pdf`, {
        method: "HEAD",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("application/pdf");
    }
    expect((await fetch(`${testEnv.baseUrl}/api/journals/export.pdf`, { method: "HEAD" })).status).toBe(401);
    const res = await download(token);
    expect(res.status).toBe(200);
    await writePdf(res.bytes);
  });

  it("holds the title page's totals and every entry as written, oldest first, with its photo made smaller", async () => {
    const { user, token } = await writer();
    const entries = [
      {
        journalDate: "2024-03-01",
        title: "Crème brûlée à Noël",
        content: "Élodie a mangé une crème brûlée, déjà froide.\nZażółć gęślą jaźń, powiedziała Małgorzata.",
        visibility: "private" as const,
        likesCount: 0,
        readsCount: 0,
      },
      {
        journalDate: "2024-03-02",
        title: "Καλημέρα κόσμε",
        content: "Σήμερα ο ουρανός ήταν καθαρός.\n\nСъешь же ещё этих мягких французских булок, да выпей чаю.",
        visibility: "close-circle" as const,
        likesCount: 3,
        readsCount: 7,
      },
      {
        journalDate: "2024-03-04",
        title: "Quiet and unnamed",
        content: "Written for friends, without my name.",
        visibility: "close-circle" as const,
        isAnonymous: true,
        likesCount: 1,
        readsCount: 1,
      },
    ];
    for (const e of entries) await createJournal(db, user.id, e);
    const photoDay = "2024-03-03";
    const posted = await postJournal(
      token,
      entryFields({
        journaldate: photoDay,
        title: "A photo of the river",
        content: "The river, from the bridge.",
        image: imageBlob(await phonePhoto(2400, 1800)),
      }),
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const contents = [...entries.map((e) => e.content), "The river, from the bridge."];

    const res = await download(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = await pdfText(res.bytes);

    expect(text).toContain("Zoë Łukasiewicz");
    expect(text).toContain(`@${user.username}`);
    expect(text).toContain("Entries: 4");
    expect(text).toContain(`Characters: ${contents.reduce((n, c) => n + countCharacters(c), 0)}`);
    expect(text).toContain(`Words: ${contents.reduce((n, c) => n + countWords(c), 0)}`);

    for (const e of entries) {
      expect(text).toContain(e.title);
      expect(text).toContain(formatLongDay(e.journalDate));
      for (const line of e.content.split("\n").filter(Boolean)) expect(flat(text)).toContain(line);
    }
    // Line breaks kept: each line of the content starts a line of the text layer.
    expect(text).toMatch(/déjà froide\.\nZażółć gęślą jaźń/);
    expect(text).toMatch(/ουρανός ήταν καθαρός\.\n+Съешь же/);
    expect(flat(text)).toContain("Keep Private · 0 hearts · 0 reads");
    expect(flat(text)).toContain("Me & my Friends · 3 hearts · 7 reads");
    expect(flat(text)).toContain("Me & my Friends · anonymous · 1 heart · 1 read");
    expect(flat(text)).toContain("Keep Private · 0 hearts · 0 reads The river, from the bridge.");

    const order = [entries[0]!.title, entries[1]!.title, "A photo of the river", entries[2]!.title].map((t) =>
      text.indexOf(t),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // The stored photo is 1200 × 1600 WebP (turned upright); the PDF carries it as a JPEG of at most 1000 px.
    const images = await pdfImages(res.bytes);
    expect(images).toEqual([expect.objectContaining({ type: "image", width: 750, height: 1000, enc: "jpeg" })]);
  });

  it("runs across chunks of entries: every entry, every photo, pages numbered on", async () => {
    const { user, token } = await writer();
    // Stored as the upload route stores photos, without 45 uploads' worth of waiting.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } })
      .webp()
      .toBuffer();
    const count = 45;
    for (let i = 0; i < count; i++) {
      const imageKey = `entries/${randomUUID()}.webp`;
      fs.mkdirSync(path.dirname(uploadPath(imageKey)), { recursive: true });
      fs.writeFileSync(uploadPath(imageKey), photo);
      const day = new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10);
      await createJournal(db, user.id, {
        journalDate: day,
        title: `Entry number ${i + 1}.`,
        content: "Line one.\nLine two.",
        imageKey,
      });
    }
    const res = await download(token);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    // The totals are counted a page of texts at a time (lib/journals/pdf/export.ts): 45 crosses pages.
    expect(text).toContain(`Entries: ${count}`);
    expect(text).toContain(`Characters: ${count * countCharacters("Line one.\nLine two.")}`);
    expect(text).toContain(`Words: ${count * countWords("Line one.\nLine two.")}`);
    for (let i = 1; i <= count; i++) expect(text).toContain(`Entry number ${i}.`);
    // Oldest first, across the chunks each read on its own.
    const order = [...text.matchAll(/Entry number (\d+)\./g)].map((m) => Number(m[1]));
    expect(order).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    const images = await pdfImages(res.bytes);
    expect(images).toHaveLength(count);
    expect(images.every((im) => im.width === 800 && im.height === 600 && im.enc === "jpeg")).toBe(true);
    const pages = [...text.matchAll(/page (\d+)/g)].map((m) => Number(m[1]));
    expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => i + 1));
    expect(pages.length).toBeGreaterThan(10);
  });

  it("prints every photo of a page in its order, and says which could not be included (docs/decisions/133)", async () => {
    const { user, token } = await writer();
    const stored = async (width: number, height: number) => {
      const key = `entries/${randomUUID()}.webp`;
      fs.mkdirSync(path.dirname(uploadPath(key)), { recursive: true });
      fs.writeFileSync(
        uploadPath(key),
        await sharp({ create: { width, height, channels: 3, background: "#aa6633" } })
          .webp()
          .toBuffer(),
      );
      return key;
    };
    await createJournal(db, user.id, {
      journalDate: "2023-05-01",
      title: "Four photos",
      content: "A day of pictures.",
      imageKey: await stored(300, 200),
      morePhotos: [
        { key: await stored(200, 300), description: "The second" },
        { key: await stored(250, 250), description: null },
        { key: `entries/${randomUUID()}.webp`, description: "Gone from storage" },
      ],
    });
    const res = await download(token);
    expect(res.status).toBe(200);
    expect((await pdfImages(res.bytes)).map((im) => [im.width, im.height])).toEqual([
      [300, 200],
      [200, 300],
      [250, 250],
    ]);
    expect(flat(await pdfText(res.bytes))).toContain("(Photo 4 of this entry could not be included.)");
  });

  it("replaces characters its fonts lack (emoji) with a box and keeps the rest of the text intact", async () => {
    const { token, user } = await writer("Emoji Writer 🦊");
    const content = "😀🎉 Happy day 👍🏽 ❤️ with friends 👨‍👩‍👧 and ✓ done.\nNext line ☺";
    await createJournal(db, user.id, { journalDate: "2024-05-05", title: "Party 🎈 time", content });
    const res = await download(token);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain("Emoji Writer □");
    expect(text).toContain("Party □ time");
    // 😀 is one of the few emoji DejaVu Sans draws; 🎉, 👍🏽 and the family are not.
    expect(text).toContain("😀□ Happy day □ ❤ with friends □ and ✓ done.\nNext line ☺");
    // Counted as written: 👍🏽 and the family are one character each.
    expect(text).toContain(`Characters: ${countCharacters(content)}`);
    expect(countCharacters(content)).toBe(55);
  });

  it("puts the @username under the name on the cover, not over it", async () => {
    const { user, token } = await writer("Zoë Łukasiewicz-Ptaszyńska");
    await createJournal(db, user.id, { journalDate: "2024-04-04" });
    const res = await download(token);
    expect(res.status).toBe(200);
    const cover = (await pdfWords(res.bytes)).filter((w) => w.page === 1);
    const name = cover.filter((w) => ["Zoë", "Łukasiewicz-Ptaszyńska"].includes(w.text));
    const handle = cover.find((w) => w.text === `@${user.username}`);
    expect(name).toHaveLength(2);
    expect(handle).toBeDefined();
    for (const word of name)
      expect(word.yMax, "the name's lowest point above the username's highest").toBeLessThanOrEqual(handle!.yMin);
  });

  it("is set in the app's faces, Lora and Inter, every font embedded, with DejaVu for the scripts they lack", async () => {
    const { user, token } = await writer("Ελένη Παπαδοπούλου");
    const greek = "Σήμερα ο ουρανός ήταν καθαρός και η θάλασσα ήσυχη.";
    const cyrillic = "Съешь же ещё этих мягких французских булок.";
    const vietnamese = "Tiếng Việt có dấu, đọc được.";
    await createJournal(db, user.id, {
      journalDate: "2024-04-05",
      title: "Ένα ταξίδι",
      content: `${greek}\n${cyrillic}\n${vietnamese}`,
    });
    const res = await download(token);
    expect(res.status).toBe(200);
    const fonts = await pdfFonts(res.bytes);
    const names = fonts.map((f) => f.name);
    // Lora for what was written (regular, and 600 for titles), Inter for labels; Lora's own Cyrillic and Vietnamese.
    for (const face of [
      "Lora-Regular",
      "Lora-SemiBold",
      "Lora-Regular-cyrillic",
      "Lora-Regular-vietnamese",
      "Inter-Regular",
    ])
      expect(names, face).toContain(face);
    // Lora has no Greek: the name, the title and the Greek line fall back to DejaVu Serif.
    expect(
      names.some((n) => n.startsWith("DejaVuSerif")),
      names.join(", "),
    ).toBe(true);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    const text = await pdfText(res.bytes);
    for (const line of ["Ελένη Παπαδοπούλου", "Ένα ταξίδι", greek, cyrillic, vietnamese])
      expect(flat(text)).toContain(line);
  });

  it("is a tagged PDF in English with its title shown: headings, paragraphs, the photo as a figure with a description", async () => {
    const { user, token } = await writer("Tagged Writer");
    await createJournal(db, user.id, {
      journalDate: "2024-06-01",
      title: "Morning by the lake",
      content: "The water was still.\nA heron waited.",
    });
    const posted = await postJournal(
      token,
      entryFields({
        journaldate: "2024-06-02",
        title: "A photo of the river",
        content: "The river, from the bridge.",
        image: imageBlob(await phonePhoto(800, 600)),
      }),
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const described = await postJournal(
      token,
      entryFields({
        journaldate: "2024-06-03",
        title: "The bridge",
        content: "Crossed at noon.",
        image: imageBlob(await phonePhoto(800, 600)),
        imageDescription: "Ein hölzerner Steg über langsamem Wasser",
      }),
    );
    expect(described.status, JSON.stringify(described.body)).toBe(201);
    const res = await download(token);
    expect(res.status).toBe(200);
    const file = await writePdf(res.bytes);

    const { stdout: info } = await run("pdfinfo", [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Inkwell journal of Tagged Writer$/m);
    // pdfinfo prints neither: the catalog's language and the viewer's "show the title" flag.
    expect(res.bytes.includes("/Lang (en)")).toBe(true);
    expect(res.bytes.includes("/DisplayDocTitle true")).toBe(true);

    // The structure a screen reader follows, in reading order: the cover, then one section per entry.
    const { stdout: tree } = await run("pdfinfo", ["-struct-text", file]);
    const flatTree = flat(tree);
    expect(flatTree).toContain('Document P (block) "INKWELL JOURNAL" H1 (block) "Tagged Writer"');
    expect(flatTree).toContain('Sect P (block) "Saturday, June 1, 2024" H2 (block) "Morning by the lake"');
    expect(flatTree).toContain('H2 (block) "A photo of the river"');
    expect(tree.match(/^ {2}Sect$/gm)).toHaveLength(3);
    expect(tree.match(/Figure/g)).toHaveLength(2);
    // The running footer is an artifact, outside the structure.
    expect(tree).not.toContain("page 1");
    // Each figure's alternative text: the writer's description, or what the app says without one.
    expect(res.bytes.includes(pdfString("Ein hölzerner Steg über langsamem Wasser"))).toBe(true);
    expect(res.bytes.includes(pdfString("Photo for “A photo of the river”"))).toBe(true);
  });

  it("has a range, inclusive at both ends, and never another writer's entries", async () => {
    const { user, token } = await writer();
    const other = await writer();
    for (const day of ["2024-01-10", "2024-01-11", "2024-01-12", "2024-01-13"])
      await createJournal(db, user.id, { journalDate: day, title: `Mine on ${day}` });
    await createJournal(db, other.user.id, { journalDate: "2024-01-11", title: "Somebody else's day" });

    const all = await pdfText((await download(token)).bytes);
    expect(all).toContain("Entries: 4");
    expect(all).not.toContain("Somebody else");

    const ranged = await download(token, "?from=2024-01-11&to=2024-01-12");
    expect(ranged.status).toBe(200);
    const text = await pdfText(ranged.bytes);
    expect(text).toContain("Entries: 2");
    expect(text).toContain("Mine on 2024-01-11");
    expect(text).toContain("Mine on 2024-01-12");
    expect(text).not.toContain("Mine on 2024-01-10");
    expect(text).not.toContain("Mine on 2024-01-13");
    expect(text).not.toContain("Somebody else");
    expect(text).toContain(`From ${formatLongDay("2024-01-11")} to ${formatLongDay("2024-01-12")}`);

    expect(await pdfText((await download(token, "?from=2024-01-13")).bytes)).toContain("Entries: 1");
    expect(await pdfText((await download(token, "?to=2024-01-10")).bytes)).toContain("Entries: 1");
    expect(await download(token, "?from=2024-02-01")).toMatchObject({
      status: 404,
      body: { message: "No journal entries found to download." },
    });
  });

  it("is an attachment named after the writer and today, never cached", async () => {
    const { user, token } = await writer();
    await createJournal(db, user.id, { journalDate: "2024-02-02" });
    const today = new Date().toISOString().slice(0, 10);
    const res = await download(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="inkwell-journal-${user.username}-${today}.pdf"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is a 404 with the download's message when there is nothing to download", async () => {
    const { token } = await writer();
    expect(await download(token)).toMatchObject({
      status: 404,
      body: { message: "No journal entries found to download." },
    });
  });

  it("refuses bad dates and a range that ends before it starts", async () => {
    const { user, token } = await writer();
    await createJournal(db, user.id, { journalDate: "2024-02-02" });
    for (const query of [
      "?from=2024-02-30",
      "?to=yesterday",
      "?from=2024-1-5",
      `?from=${"9".repeat(50)}`,
      "?from=2024-03-01&to=2024-02-01",
    ]) {
      const res = await download(token, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(badRequestBody());
    }
    expect((await download(token, "?from=2024-03-01&to=2024-02-01")).body).toEqual(
      badRequestBody("from must not be after to"),
    );
  });

  it("needs a session", async () => {
    const res = await download(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
  });
});
