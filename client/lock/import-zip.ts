import { Inflate } from "fflate";
import {
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_FILE_MISSING_MESSAGE,
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
} from "@/lib/imports/limits";
import {
  DirectoryCheck,
  classifyEntryName,
  entryCountRefusal,
  type DirectoryEntry,
  type ZipRefusal,
} from "@/lib/imports/zip-rules";

// A Day One ZIP read in the browser, for the import into a locked diary (./import-day-one.ts),
// bounded as POST /api/import bounds it (lib/imports/zip.ts, docs/decisions/078, 094): the central
// directory read entry by entry as yauzl reads it (its strictFileNames and validateEntrySizes,
// refusing what it refuses), every entry held to lib/imports/zip-rules.ts's rules before a byte is
// inflated, then every journal and photo inflated with fflate and cut off at its declared size. The
// file is read a slice at a time (Blob.slice), never whole; only the journals (at most 64 MB) are kept.

/** A ZIP refused before anything is made, with the server's status and words. */
export class ZipRefusedError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "ZipRefusedError";
  }
}

const refuse = ({ status, message }: ZipRefusal): never => {
  throw new ZipRefusedError(status, message);
};
const damaged = (): never => refuse({ status: 400, message: IMPORT_DAMAGED_MESSAGE });

/** The ZIP's bytes, read by ranges: a chosen file, or bytes in a test. */
export interface ZipBytes {
  size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

export const zipBytesOf = (blob: Blob): ZipBytes => ({
  size: blob.size,
  read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
});

/** One file of the ZIP, as its central directory declares it. */
export interface ZipEntry extends DirectoryEntry {
  localHeaderOffset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at + 4) * 0x100000000 + u32(b, at);

/** Exactly `length` bytes at `position`, or the ZIP is damaged (yauzl's "unexpected EOF"). */
async function readExactly(bytes: ZipBytes, position: number, length: number): Promise<Uint8Array> {
  if (length === 0) return new Uint8Array(0);
  if (position + length > bytes.size) return damaged();
  const read = await bytes.read(position, position + length);
  return read.length < length ? damaged() : read;
}

/** Sequential reads of the central directory through a window of the file. */
class Cursor {
  private window: Uint8Array = new Uint8Array(0);
  private start = 0;
  constructor(
    private readonly bytes: ZipBytes,
    public position: number,
  ) {}

  async take(length: number): Promise<Uint8Array> {
    const from = this.position - this.start;
    if (from < 0 || from + length > this.window.length) {
      if (this.position + length > this.bytes.size) return damaged();
      this.window = await readExactly(
        this.bytes,
        this.position,
        Math.min(this.bytes.size - this.position, Math.max(length, WINDOW_BYTES)),
      );
      this.start = this.position;
    }
    const at = this.position - this.start;
    this.position += length;
    return this.window.subarray(at, at + length);
  }
}

/** How much of the central directory is read at a time. */
const WINDOW_BYTES = 1024 * 1024;
/** How much of a file's data is read at a time. */
const CHUNK_BYTES = 1024 * 1024;
/**
 * How much deflated data is inflated at a time: deflate unpacks at most about 1 032:1, so a ZIP that
 * lies about a size costs at most some 16 MB before it is caught (zlib's small pieces, on the server).
 */
const INFLATE_BYTES = 16 * 1024;

// CP437, in which a ZIP writes a name without the UTF-8 flag (yauzl's decodeBuffer).
const CP437 =
  "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼" +
  Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("") +
  "⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const decode = (raw: Uint8Array, isUtf8: boolean) =>
  isUtf8 ? utf8.decode(raw) : Array.from(raw, (b) => CP437[b]).join("");

let crcTable: Uint32Array | null = null;
function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function extraFields(raw: Uint8Array): { id: number; data: Uint8Array }[] {
  const fields: { id: number; data: Uint8Array }[] = [];
  let i = 0;
  while (i < raw.length - 3) {
    const id = u16(raw, i);
    const end = i + 4 + u16(raw, i + 2);
    if (end > raw.length) return damaged();
    fields.push({ id, data: raw.subarray(i + 4, end) });
    i = end;
  }
  return fields;
}

/** The entry's name: Info-ZIP's Unicode Path field when its CRC matches the raw name, else the name as its flag says. */
function fileNameOf(flags: number, raw: Uint8Array, extras: { id: number; data: Uint8Array }[]): string {
  for (const { id, data } of extras) {
    if (id !== 0x7075 || data.length < 6 || data[0] !== 1 || crc32(raw) !== u32(data, 1)) continue;
    return decode(data.subarray(5), true);
  }
  return decode(raw, (flags & 0x800) !== 0);
}

/** What yauzl's strictFileNames refuses (its validateFileName): a backslash, an absolute path, a `..` segment. */
export function isUnsafeName(fileName: string): boolean {
  return (
    fileName.includes("\\") ||
    /^[a-zA-Z]:/.test(fileName) ||
    fileName.startsWith("/") ||
    fileName.split("/").includes("..")
  );
}

/** The end of central directory record (ZIP64's when there is one): how many entries, and where the first is. */
async function directoryEnd(bytes: ZipBytes): Promise<{ entryCount: number; offset: number }> {
  const size = Math.min(20 + 22 + 0xffff, bytes.size);
  const tail = await readExactly(bytes, bytes.size - size, size);
  for (let i = size - 22; i >= 0; i--) {
    if (u32(tail, i) !== 0x06054b50) continue;
    // The last record found decides: a comment that does not end the file is damage, not a search on.
    if (u16(tail, i + 20) !== size - i - 22) return damaged();
    if (i - 20 >= 0 && u32(tail, i - 20) === 0x07064b50) {
      const record = await readExactly(bytes, u64(tail, i - 20 + 8), 56);
      if (u32(record, 0) !== 0x06064b50 || u32(record, 16) !== 0) return damaged();
      return { entryCount: u64(record, 32), offset: u64(record, 48) };
    }
    if (u16(tail, i + 4) !== 0) return damaged();
    return { entryCount: u16(tail, i + 10), offset: u32(tail, i + 16) };
  }
  return refuse({ status: 400, message: IMPORT_NOT_ZIP_MESSAGE });
}

/** The central directory's next entry, read as yauzl reads it; a name or a record it refuses is refused here too. */
async function nextEntry(cursor: Cursor): Promise<ZipEntry> {
  const head = await cursor.take(46);
  if (u32(head, 0) !== 0x02014b50) return damaged();
  const flags = u16(head, 8);
  // Strong encryption.
  if (flags & 0x40) return damaged();
  const nameLength = u16(head, 28);
  const extraLength = u16(head, 30);
  const rest = await cursor.take(nameLength + extraLength + u16(head, 32));
  const raw = rest.subarray(0, nameLength);
  const extras = extraFields(rest.subarray(nameLength, nameLength + extraLength));
  const fileName = fileNameOf(flags, raw, extras);
  if (isUnsafeName(fileName)) return refuse({ status: 400, message: IMPORT_UNSAFE_PATH_MESSAGE });
  const entry: ZipEntry = {
    fileName,
    externalFileAttributes: u32(head, 38),
    encrypted: (flags & 1) !== 0,
    compressionMethod: u16(head, 10),
    compressedSize: u32(head, 20),
    uncompressedSize: u32(head, 24),
    localHeaderOffset: u32(head, 42),
  };
  // ZIP64's sizes and offset, each present only when its 32-bit field says so.
  const zip64 = extras.find((e) => e.id === 0x0001)?.data;
  if (zip64) {
    let at = 0;
    const next = () => (at + 8 > zip64.length ? damaged() : ((at += 8), u64(zip64, at - 8)));
    if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
    if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
    if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
  }
  // A stored file is as long as it says (an encrypted one has a 12-byte header before it).
  if (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize + (entry.encrypted ? 12 : 0))
    return damaged();
  return entry;
}

/**
 * One file's data, inflated when deflated, held to its declared size: more or less is damage (as
 * yauzl's validateEntrySizes). Each piece goes to `onData` as it comes.
 */
async function readData(bytes: ZipBytes, entry: ZipEntry, onData: (piece: Uint8Array) => void): Promise<void> {
  const local = await readExactly(bytes, entry.localHeaderOffset, 30);
  if (u32(local, 0) !== 0x04034b50) return damaged();
  const start = entry.localHeaderOffset + 30 + u16(local, 26) + u16(local, 28);
  const end = start + entry.compressedSize;
  if (end > bytes.size) return damaged();
  let produced = 0;
  const take = (piece: Uint8Array) => {
    produced += piece.length;
    if (produced > entry.uncompressedSize) damaged();
    if (piece.length) onData(piece);
  };
  const inflate = entry.compressionMethod === 8 ? new Inflate((piece) => take(piece)) : null;
  try {
    for (let at = start; at < end || (inflate && at === start); at += CHUNK_BYTES) {
      const stop = Math.min(end, at + CHUNK_BYTES);
      const chunk = await readExactly(bytes, at, stop - at);
      if (!inflate) take(chunk);
      else if (!chunk.length) inflate.push(chunk, true);
      else
        for (let i = 0; i < chunk.length; i += INFLATE_BYTES)
          inflate.push(chunk.subarray(i, i + INFLATE_BYTES), stop >= end && i + INFLATE_BYTES >= chunk.length);
    }
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    // fflate's own: not deflate, or it ended early.
    return damaged();
  }
  if (produced < entry.uncompressedSize) damaged();
}

/** A file's data, whole (the caller bounds its declared size). */
export async function readEntry(bytes: ZipBytes, entry: ZipEntry): Promise<Uint8Array> {
  const out = new Uint8Array(entry.uncompressedSize);
  let at = 0;
  await readData(bytes, entry, (piece) => {
    out.set(piece, at);
    at += piece.length;
  });
  return out;
}

/** A ZIP that passed POST /api/import's checks. */
export interface CheckedZip {
  bytes: ZipBytes;
  /** Every entry, in the directory's order. */
  entries: ZipEntry[];
  /** Each journal's bytes, read once by the check. */
  journals: Map<ZipEntry, Uint8Array>;
}

/**
 * POST /api/import's checks (lib/imports/zip.ts's checkZip) on a ZIP of this device, for an upload
 * limit of `maxBytes`: an empty file, one over the limit, one that is no ZIP; then the directory,
 * entry by entry (IMPORT_ZIP_ENTRIES_MAX, names, links, encryption, kinds, declared sizes, how
 * tightly each photo is packed, the journals' 64 MB); then every journal and photo inflated and
 * held to its declared size. Throws a ZipRefusedError with the server's status and words; stops
 * between files when `signal` is aborted. The server's 90 s deadline is its own CPU's; here none.
 */
export async function checkZipFile(
  bytes: ZipBytes,
  { maxBytes, signal }: { maxBytes: number; signal?: AbortSignal },
): Promise<CheckedZip> {
  if (bytes.size === 0) refuse({ status: 400, message: IMPORT_FILE_MISSING_MESSAGE });
  if (bytes.size > maxBytes) refuse({ status: 413, message: IMPORT_TOO_LARGE_MESSAGE });
  const end = await directoryEnd(bytes);
  const tooMany = entryCountRefusal(end.entryCount);
  if (tooMany) refuse(tooMany);
  const check = new DirectoryCheck(maxBytes);
  const cursor = new Cursor(bytes, end.offset);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < end.entryCount; i++) {
    const entry = await nextEntry(cursor);
    const refusal = check.add(entry);
    if (refusal) refuse(refusal);
    entries.push(entry);
  }
  const none = check.end();
  if (none) refuse(none);
  const journals = new Map<ZipEntry, Uint8Array>();
  for (const entry of entries) {
    signal?.throwIfAborted();
    const kind = classifyEntryName(entry.fileName);
    if (kind === "journal") journals.set(entry, await readEntry(bytes, entry));
    else if (kind === "photo") await readData(bytes, entry, () => undefined);
  }
  return { bytes, entries, journals };
}
