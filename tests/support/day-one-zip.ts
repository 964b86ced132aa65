import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import yazl from "yazl";
import { api, type ApiResult } from "./http";
import type { ImportStatus } from "../../lib/contract/imports";

// ZIPs for the import tests (docs/decisions/078), made by the tests themselves: Day One exports
// written with yazl as Day One writes them, and hostile ones written byte by byte, since yazl
// refuses to write a `..` path, a lying size or an encrypted flag.

export interface DayOneEntrySpec {
  uuid?: string;
  creationDate?: string;
  timeZone?: string;
  text?: string;
  tags?: string[];
  photos?: { identifier?: string; md5?: string; type?: string; width?: number; height?: number }[];
  starred?: boolean;
  location?: Record<string, unknown>;
}

/** A Day One journal file: `{"metadata":{"version":"1.0"},"entries":[…]}`. */
export function journalJson(entries: DayOneEntrySpec[]): string {
  return JSON.stringify(
    {
      metadata: { version: "1.0" },
      entries: entries.map((e, i) => ({ uuid: e.uuid ?? `ENTRY${i}`, starred: false, ...e })),
    },
    null,
    2,
  );
}

export const md5Of = (data: Buffer) => createHash("md5").update(data).digest("hex");

/** A ZIP of these files as Day One (or a desktop's "Compress") writes one: deflated, with real sizes. */
export function dayOneZip(files: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files)
    zip.addBuffer(typeof f.data === "string" ? Buffer.from(f.data) : f.data, f.name, {
      mtime: new Date("2026-03-10T12:00:00Z"),
    });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

export interface HandEntry {
  name: string;
  data?: Buffer;
  /** Deflate the data (method 8) instead of storing it. */
  deflate?: boolean;
  /** Data deflated already (deflatedZeros), with its CRC and size: written as it is. */
  deflated?: Deflated;
  /** The uncompressed size the headers claim, whatever the data is. */
  declaredSize?: number;
  /** General purpose flags besides UTF-8 names (1: encrypted). */
  flags?: number;
  /** The Unix mode in the external attributes (0o120777: a symlink). */
  mode?: number;
}

export interface Deflated {
  data: Buffer;
  crc: number;
  size: number;
}

/**
 * `size` zero bytes, deflated a mebibyte at a time, so a zip bomb's entry is made without ever
 * holding what it unpacks to: 1 000 MiB becomes about 1 MiB.
 */
export async function deflatedZeros(size: number): Promise<Deflated> {
  const block = Buffer.alloc(2 ** 20);
  let crc = 0;
  async function* zeros() {
    for (let left = size; left > 0; left -= block.length) {
      const part = left < block.length ? block.subarray(0, left) : block;
      crc = zlib.crc32(part, crc);
      yield part;
    }
  }
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(zeros()),
    zlib.createDeflateRaw({ level: 9 }),
    async (deflated: AsyncIterable<Buffer>) => {
      for await (const chunk of deflated) chunks.push(chunk);
    },
  );
  return { data: Buffer.concat(chunks), crc, size };
}

/** A ZIP written byte by byte, saying whatever the test wants it to say. */
export function handZip(entries: HandEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = e.data ?? Buffer.alloc(0);
    const data = e.deflated?.data ?? (e.deflate ? zlib.deflateRawSync(raw) : raw);
    const name = Buffer.from(e.name, "utf8");
    const flags = 0x800 | (e.flags ?? 0);
    const method = e.deflate || e.deflated ? 8 : 0;
    const crc = e.deflated?.crc ?? zlib.crc32(raw);
    const size = e.declaredSize ?? e.deflated?.size ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** POST /api/import with `zip` as its one file. */
export function uploadImport(
  token: string | undefined,
  zip: Buffer,
  name = "Export.zip",
): Promise<ApiResult<ImportStatus & { message?: string }>> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(zip)], { type: "application/zip" }), name);
  return api<ImportStatus & { message?: string }>("/api/import", { form, token });
}

/** Text longer than the editor's 900 characters, every word of which must arrive. */
export const LONG_TEXT = Array.from({ length: 60 }, (_, i) => `Sentence ${i + 1} of a long evening by the sea.`).join(
  " ",
);

/**
 * A Day One export as people have them: two journals, a malformed third, time zones either side
 * of midnight, several entries a day, a text over 900 characters, several photos a day (one only
 * named by its identifier, one missing), Markdown escapes and a moment, tags in the text and in
 * the `tags` array, and the junk a desktop adds. `photo` makes the photos (tests/support/journals.ts's smallPng).
 */
export async function sampleExport(photo: (colour: string) => Promise<Buffer>) {
  const [red, green, blue, grey] = (await Promise.all(["#cc0000", "#00aa00", "#0000cc", "#777777"].map(photo))) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  const [redMd5, greenMd5, blueMd5] = [md5Of(red), md5Of(green), md5Of(blue)];
  const journal = journalJson([
    // 2026-03-01 in Paris, late: 23:30 local. The day's second entry by time.
    {
      creationDate: "2026-03-01T22:30:00Z",
      timeZone: "Europe/Paris",
      text: "Late walk\n\nStars over the roofs\\. A \\#quiet night \\- and \\(finally\\) rest\\! #walk",
      tags: ["Road trip", "walk"],
      photos: [{ identifier: "P-RED", md5: redMd5, type: "png" }],
      // Inkwell's pages have no place and no star: the report names the day of each.
      starred: true,
      location: {
        placeName: "Quai de Bourbon",
        localityName: "Paris",
        country: "France",
        latitude: 48.852,
        longitude: 2.355,
      },
    },
    // 2026-03-01 in Paris, 09:00 local: the day's first entry, so its first line is the title.
    {
      creationDate: "2026-03-01T08:00:00Z",
      timeZone: "Europe/Paris",
      text: "# Breakfast \\#1\n\nBread and jam. ![](dayone-moment://AB12CD34)\n\nThen work.",
      tags: ["food"],
    },
    // 00:30 on 2026-03-02 in Paris, still 2026-03-01 in UTC.
    { creationDate: "2026-03-01T23:30:00Z", timeZone: "Europe/Paris", text: "Just past midnight in Paris" },
    // 21:00 on 2026-03-02 in Los Angeles, already 2026-03-03 in UTC.
    {
      creationDate: "2026-03-03T05:00:00Z",
      timeZone: "America/Los_Angeles",
      text: "Evening in LA",
      photos: [{ identifier: "P-MISSING", md5: "0123456789abcdef0123456789abcdef", type: "jpeg" }],
    },
    // No known time zone: its day in UTC, reported.
    { creationDate: "2026-03-04T12:00:00Z", timeZone: "Mars/Olympus_Mons", text: "Somewhere odd" },
    { creationDate: "2026-03-05T12:00:00Z", timeZone: "UTC", text: LONG_TEXT },
    // A photo found only by its identifier (file name in capitals), and four photos on one day; a plain first line as Day One writes a title.
    {
      creationDate: "2026-03-06T12:00:00Z",
      timeZone: "UTC",
      text: "Grey sky\nLow clouds all day.",
      photos: [{ identifier: "GREY-BY-ID", type: "png" }],
      location: { localityName: "Leeds", latitude: 53.8, longitude: -1.55 },
    },
    {
      creationDate: "2026-03-07T12:00:00Z",
      timeZone: "UTC",
      text: "Many photos",
      photos: [
        { identifier: "P-GREEN", md5: greenMd5, type: "png" },
        { identifier: "P-BLUE", md5: blueMd5, type: "png" },
        { identifier: "P-RED-2", md5: redMd5, type: "png" },
      ],
    },
    { text: "No date at all" },
    {
      creationDate: "2026-03-08T12:00:00Z",
      timeZone: "UTC",
      text: "Second thoughts\nAdded below what I wrote in Inkwell",
    },
    { creationDate: "2026-03-09T12:00:00Z", timeZone: "UTC", text: "Never joins a shared page" },
  ]);
  const travel = journalJson([
    {
      creationDate: "2026-03-01T15:00:00Z",
      timeZone: "Europe/Paris",
      text: "Afternoon train, from the travel journal",
      tags: ["travel"],
    },
  ]);
  const zip = await dayOneZip([
    { name: "Journal.json", data: journal },
    { name: "Travel.json", data: travel },
    { name: "Broken.json", data: '{"metadata":{"version":"1.0"},"entries":[{' },
    { name: `photos/${redMd5}.png`, data: red },
    { name: `photos/${greenMd5.toUpperCase()}.PNG`, data: green },
    { name: `photos/${blueMd5}.png`, data: blue },
    { name: "photos/GREY-BY-ID.PNG", data: grey },
    { name: "videos/0f0f0f.mov", data: "not really a video" },
    { name: "__MACOSX/._Journal.json", data: "resource fork" },
    { name: ".DS_Store", data: "finder" },
  ]);
  return { zip, md5: { red: redMd5, green: greenMd5, blue: blueMd5 } };
}
