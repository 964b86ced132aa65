import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import yazl from "yazl";
import { afterAll, describe, expect, it } from "vitest";
import { checkZipFile, isUnsafeName, ZipRefusedError } from "../../client/lock/import-zip";
import { EARLIEST_IMPORT_DAY, LOCKED_IMPORT_MAX_BYTES, latestImportDay } from "../../client/lock/import-day-one";
import { ConfigSchema } from "../../lib/config";
import { HttpError } from "../../lib/errors";
import { journalEntries } from "../../lib/imports/journal-entries";
import { journalItems } from "../../lib/imports/journal-rules";
import { IMPORT_JSON_DEPTH_MAX, IMPORT_ZIP_ENTRIES_MAX } from "../../lib/imports/limits";
import { checkZip } from "../../lib/imports/zip";
import { classifyEntryName } from "../../lib/imports/zip-rules";
import { EARLIEST_JOURNAL_DATE, latestJournalDate } from "../../lib/validation/journal";
import { dayOneZip, deflatedZeros, handZip, journalJson } from "../support/day-one-zip";

// The import into a locked diary reads the ZIP and its journals in the browser
// (client/lock/import-zip.ts, lib/imports/journal-rules.ts) by POST /api/import's rules: the same
// ZIPs, honest and hostile, are given to the server's checkZip (yauzl, lib/imports/zip.ts) and to
// the browser's checkZipFile (fflate), and each must pass both or be refused by both with the same
// status and words; the same journals, streamed by the job (stream-json) and parsed whole, must give
// the same entries or the same problem. And the values the browser mirrors (they live in modules
// that bring zod) are the server's.

/** The tests' upload limit (scripts/test.ts): small, so the declared-size bounds are reached cheaply. */
const MAX_BYTES = 3 * 1024 * 1024;
const JOURNAL = journalJson([{ creationDate: "2025-05-01T10:00:00Z", timeZone: "UTC", text: "A day" }]);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-parity-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Outcome = { ok: { journals: number; photos: number } } | { status: number; message: string };

async function onServer(zip: Buffer): Promise<Outcome> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, zip);
  try {
    return { ok: await checkZip({ path: file, maxBytes: MAX_BYTES }) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function inBrowser(zip: Buffer): Promise<Outcome> {
  const bytes = new Blob([new Uint8Array(zip)]);
  try {
    const checked = await checkZipFile(
      { size: bytes.size, read: async (s, e) => new Uint8Array(await bytes.slice(s, e).arrayBuffer()) },
      { maxBytes: MAX_BYTES },
    );
    const photos = checked.entries.filter((e) => classifyEntryName(e.fileName) === "photo");
    return { ok: { journals: checked.journals.size, photos: photos.length } };
  } catch (error) {
    if (!(error instanceof ZipRefusedError)) throw error;
    return { status: error.status, message: error.message };
  }
}

async function expectSame(zip: Buffer, expected?: Partial<{ status: number; message: string }>) {
  const server = await onServer(zip);
  expect(await inBrowser(zip)).toEqual(server);
  if (expected) expect(server).toMatchObject(expected);
  return server;
}

/** A ZIP written with yazl (as Day One and desktops write them), with yazl's options per file. */
function yazlZip(files: { name: string; data: string | Buffer; options?: Partial<yazl.Options> }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files)
    if (f.name.endsWith("/")) zip.addEmptyDirectory(f.name, { mtime: new Date("2026-03-10T12:00:00Z") });
    else
      zip.addBuffer(typeof f.data === "string" ? Buffer.from(f.data) : f.data, f.name, {
        mtime: new Date("2026-03-10T12:00:00Z"),
        ...f.options,
      });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** `zip` with its central directory's first entry's name bytes replaced by `raw` (as long as the name was), flags as given. */
function renamedRaw(zip: Buffer, raw: Buffer, flags: number): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const at = out.readUInt32LE(end + 16);
  expect(out.readUInt16LE(at + 28)).toBe(raw.length);
  out.writeUInt16LE(flags, at + 8);
  raw.copy(out, at + 46);
  return out;
}

describe("a ZIP is taken or refused alike by the server and the browser", () => {
  it("an honest Day One export, deflated or stored, with junk, folders and ZIP64 records", async () => {
    const photo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251));
    const honest = await dayOneZip([
      { name: "Journal.json", data: JOURNAL },
      { name: "Travel.json", data: JOURNAL },
      { name: "photos/abc.jpeg", data: photo },
      { name: "videos/x.mov", data: "video" },
      { name: "__MACOSX/._Journal.json", data: "fork" },
      { name: ".DS_Store", data: "finder" },
    ]);
    expect(await expectSame(honest)).toEqual({ ok: { journals: 2, photos: 1 } });
    const zip64 = await yazlZip([
      { name: "Journal.json", data: JOURNAL, options: { forceZip64Format: true } },
      { name: "photos/", data: "" },
      { name: "photos/abc.png", data: photo, options: { compress: false, forceZip64Format: true } },
    ]);
    expect(await expectSame(zip64)).toEqual({ ok: { journals: 1, photos: 1 } });
  });

  it("a zip bomb by its declared size, by how tightly a photo is packed, by its journals' size, and one that lies", async () => {
    await expectSame(
      handZip([
        { name: "Journal.json", data: Buffer.from(JOURNAL) },
        { name: "photos/big.jpeg", data: Buffer.from("x"), deflate: true, declaredSize: 3_000_000_000 },
      ]),
      { status: 413, message: "This ZIP file unpacks to too much data" },
    );
    await expectSame(
      handZip([
        { name: "Journal.json", data: Buffer.from(JOURNAL) },
        { name: "photos/zeros.png", deflated: await deflatedZeros(2 * 1024 * 1024) },
      ]),
      { status: 413, message: "This ZIP file has a photo that unpacks to far more data than a photo holds" },
    );
    await expectSame(handZip([{ name: "Journal.json", deflated: await deflatedZeros(65 * 1024 * 1024) }]), {
      status: 413,
      message: "The journals in this ZIP file are too large",
    });
    // Lies: more than declared, less than declared, a stored size that is not its size.
    await expectSame(
      handZip([
        { name: "Journal.json", data: Buffer.from(JOURNAL) },
        { name: "photos/a.png", data: Buffer.alloc(4 * 1024 * 1024), deflate: true, declaredSize: 100 },
      ]),
      { status: 400, message: "This ZIP file is damaged" },
    );
    await expectSame(
      handZip([{ name: "Journal.json", data: Buffer.from(JOURNAL), deflate: true, declaredSize: 99_999 }]),
      {
        status: 400,
        message: "This ZIP file is damaged",
      },
    );
    await expectSame(handZip([{ name: "Journal.json", data: Buffer.from(JOURNAL), declaredSize: 12 }]), {
      status: 400,
      message: "This ZIP file is damaged",
    });
    // Not deflate at all, and a method that is neither stored nor deflate.
    const notDeflate = handZip([{ name: "Journal.json", data: Buffer.from("not deflate"), deflate: true }]);
    const at = notDeflate.indexOf(zlib.deflateRawSync(Buffer.from("not deflate")));
    Buffer.from([0xff, 0xff, 0xff, 0xff]).copy(notDeflate, at);
    await expectSame(notDeflate, { status: 400, message: "This ZIP file is damaged" });
  });

  it(`more than ${IMPORT_ZIP_ENTRIES_MAX} files, unsafe names, links, encryption, what is neither journal nor photo, no journal`, async () => {
    await expectSame(handZip(Array.from({ length: IMPORT_ZIP_ENTRIES_MAX + 1 }, (_, i) => ({ name: `j${i}.json` }))), {
      status: 400,
      message: `This ZIP file holds too many files (at most ${IMPORT_ZIP_ENTRIES_MAX})`,
    });
    const unsafe = { status: 400, message: "This ZIP file has a file outside its own folders" };
    for (const name of [
      "photos/../../evil.json",
      "/etc/Journal.json",
      "C:/Journal.json",
      "photos\\..\\Journal.json",
      "..",
    ])
      await expectSame(
        handZip([
          { name: "Journal.json", data: Buffer.from(JOURNAL) },
          { name, data: Buffer.from("{}") },
        ]),
        unsafe,
      );
    await expectSame(
      handZip([
        { name: "Journal.json", data: Buffer.from(JOURNAL) },
        { name: "photos/link.jpeg", data: Buffer.from("/etc/passwd"), mode: 0o120777 },
      ]),
      { status: 400, message: "This ZIP file has a link instead of a file" },
    );
    await expectSame(handZip([{ name: "Journal.json", data: Buffer.from(JOURNAL), deflate: true, flags: 1 }]), {
      status: 400,
      message: "This ZIP file is encrypted",
    });
    await expectSame(handZip([{ name: "Journal.json", data: Buffer.from(JOURNAL), deflate: true, flags: 0x40 }]), {
      status: 400,
      message: "This ZIP file is damaged",
    });
    await expectSame(
      await dayOneZip([
        { name: "Journal.json", data: JOURNAL },
        { name: "run-me.sh", data: "#!/bin/sh\n" },
      ]),
      { status: 400, message: "This ZIP file has a file that is not a Day One journal or photo: run-me.sh" },
    );
    await expectSame(await dayOneZip([{ name: "photos/a.jpeg", data: "x" }]), {
      status: 400,
      message: "This ZIP file has no journal (.json) in it",
    });
  });

  it("names without the UTF-8 flag are CP437, as yauzl reads them", async () => {
    const zip = handZip([
      { name: "X.sh", data: Buffer.from("x") },
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
    ]);
    const outcome = await expectSame(renamedRaw(zip, Buffer.from([0x81, 0xe1, 0x2e, 0x73]), 0));
    expect(outcome).toEqual({
      status: 400,
      message: "This ZIP file has a file that is not a Day One journal or photo: üß.s",
    });
  });

  it("not a ZIP, a cut one, and one with bytes after its end", async () => {
    const zip = await dayOneZip([{ name: "Journal.json", data: JOURNAL }]);
    await expectSame(Buffer.from("Dear diary, this is not a ZIP file at all."), {
      status: 400,
      message: "This file is not a ZIP file",
    });
    await expectSame(zip.subarray(0, zip.length - 30));
    await expectSame(zip.subarray(30));
    await expectSame(Buffer.concat([zip, Buffer.from("trailing bytes")]), {
      status: 400,
      message: "This ZIP file is damaged",
    });
    // A directory that says it starts past the end of the file.
    const far = Buffer.from(zip);
    far.writeUInt32LE(far.length + 100, far.length - 6);
    await expectSame(far, { status: 400, message: "This ZIP file is damaged" });
  });

  it("the browser refuses an empty file and one over the upload limit, as the upload does", async () => {
    const empty = await inBrowser(Buffer.alloc(0));
    expect(empty).toEqual({ status: 400, message: "Choose a ZIP file exported from Day One" });
    expect(await inBrowser(Buffer.alloc(MAX_BYTES + 1))).toEqual({
      status: 413,
      message: "This ZIP file is too large to import",
    });
  });

  it("an unsafe name is what yauzl's strictFileNames refuses", async () => {
    const { validateFileName } = (await import("yauzl")).default as unknown as {
      validateFileName: (name: string) => string | null;
    };
    for (const name of [
      "a/b.json",
      "a\\b",
      "/a",
      "c:/x",
      "Z:x",
      "../a",
      "a/../b",
      "a/..",
      "..a/b",
      "a..b/c",
      "./a",
      "a/./b",
      "",
    ])
      expect(isUnsafeName(name), name).toBe(validateFileName(name) !== null);
  });
});

describe("a journal gives the same entries, or the same problem, streamed by the job or parsed whole", () => {
  async function streamed(text: string): Promise<unknown[] | string> {
    const out: unknown[] = [];
    try {
      for await (const entry of journalEntries(Readable.from([Buffer.from(text)]))) out.push(entry);
      return out;
    } catch (error) {
      return (error as Error).message;
    }
  }
  function whole(text: string): unknown[] | string {
    try {
      return journalItems(new TextDecoder().decode(Buffer.from(text)));
    } catch (error) {
      return (error as Error).message;
    }
  }
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  it.each([
    ['{"metadata":{"version":"1.0"},"entries":[{"text":"Café ☕ \\"quoted\\" [{"},{"text":""},"x",null,1.5e3]}'],
    ['\ufeff{"entries":[{"a":1}]}'],
    ['{"entries":[]}'],
    ["  \n"],
    [""],
    ["null"],
    ["5"],
    ['"entries"'],
    ["[]"],
    ['[{"entries":[1]}]'],
    ['{"metadata":{"entries":[1]}}'],
    ['{"entries":{"a":1}}'],
    ['{"entries":null}'],
    ['{"entries":"x"}'],
    ['{"entries":[1]} and more'],
    ['{"metadata":{"version":"1.0"},"entries":[{'],
    [`{"entries":[${deep(IMPORT_JSON_DEPTH_MAX - 2)}]}`],
    [`{"entries":[${deep(IMPORT_JSON_DEPTH_MAX - 1)}]}`],
    [`{"entries":[${"[".repeat(IMPORT_JSON_DEPTH_MAX)}`],
    [`{"entries":["${"[".repeat(40)}"]}`],
  ])("%s", async (text) => {
    expect(whole(text)).toEqual(await streamed(text));
  });
});

describe("the values the browser mirrors are the server's", () => {
  it("the upload limit, the days an entry may have", () => {
    expect(LOCKED_IMPORT_MAX_BYTES).toBe(ConfigSchema.shape.IMPORT_MAX_BYTES.parse(undefined));
    expect(EARLIEST_IMPORT_DAY).toBe(EARLIEST_JOURNAL_DATE);
    for (const now of [new Date("2026-03-01T23:59:59Z"), new Date("2026-12-31T00:00:00Z"), new Date()])
      expect(latestImportDay(now)).toBe(latestJournalDate(now));
  });
});
