import "server-only";
import fs from "node:fs/promises";
import { PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { discardRest } from "@/lib/http/body";
import { multipartBoundary } from "@/lib/http/body-gauges";
import {
  FORM_PART_HEADERS_MAX,
  MULTIPART_REQUIRED_MESSAGE,
  MULTIPART_INVALID_MESSAGE,
  TOO_LARGE_MESSAGE,
} from "@/lib/http/body-limits";
import {
  IMPORT_ENVELOPE_BYTES,
  IMPORT_FILE_MISSING_MESSAGE,
  IMPORT_ONE_FILE_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
} from "./limits";

// POST /api/import's body: multipart/form-data with one part, `file`, the ZIP. It is written to a
// file on local disk while it arrives, chunk by chunk, never held whole: memory stays at one chunk
// and a delimiter's length whatever the upload's size (docs/decisions/078). The platform's
// formData() would buffer it all, hence this reader of the one part we accept.

const MULTIPART = /^multipart\/form-data\s*;/i;
const CRLF_CRLF = Buffer.from("\r\n\r\n");

type State = "preamble" | "afterDelimiter" | "headers" | "content" | "done";

/**
 * Streams the request's `file` part into `path` (created; removed again on any refusal). A body
 * that declares or grows past `maxBytes` (plus the envelope) is a 413 at the chunk that crosses it;
 * anything but exactly one file part named `file` is a 400. Returns the file's size in bytes.
 */
export async function receiveZipUpload({
  req,
  path,
  maxBytes,
}: {
  req: Request;
  path: string;
  maxBytes: number;
}): Promise<number> {
  const contentType = req.headers.get("content-type") ?? "";
  const boundary = MULTIPART.test(contentType) ? multipartBoundary(contentType) : undefined;
  if (!boundary) throw new ValidationError(MULTIPART_REQUIRED_MESSAGE);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body)
    throw new ValidationError(IMPORT_FILE_MISSING_MESSAGE, [{ path: "file", message: IMPORT_FILE_MISSING_MESSAGE }]);
  const reader = req.body.getReader();
  const out = await fs.open(path, "wx");
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  let state: State = "preamble";
  let before: State = "preamble";
  // Read as if the body began with CRLF, so its first delimiter looks like every other.
  let pending = Buffer.from("\r\n");
  let bodyBytes = 0;
  let fileBytes = 0;
  let parts = 0;
  const write = async (data: Buffer) => {
    if (state !== "content" || !data.length) return;
    fileBytes += data.length;
    if (fileBytes > maxBytes) throw new PayloadTooLargeError(IMPORT_TOO_LARGE_MESSAGE);
    await out.write(data);
  };
  try {
    if (declared > maxBytes + IMPORT_ENVELOPE_BYTES) throw new PayloadTooLargeError(IMPORT_TOO_LARGE_MESSAGE);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bodyBytes += value.byteLength;
      if (bodyBytes > maxBytes + IMPORT_ENVELOPE_BYTES) throw new PayloadTooLargeError(IMPORT_TOO_LARGE_MESSAGE);
      const buf = Buffer.concat([pending, value]);
      let pos = 0;
      for (;;) {
        if (state === "done") {
          pos = buf.length;
          break;
        }
        if (state === "preamble" || state === "content") {
          const at = buf.indexOf(delimiter, pos);
          // Without a delimiter, all but its length less one byte is content for certain.
          const end = at === -1 ? Math.max(pos, buf.length - delimiter.length + 1) : at;
          await write(buf.subarray(pos, end));
          pos = end;
          if (at === -1) break;
          pos += delimiter.length;
          before = state;
          state = "afterDelimiter";
        } else if (state === "afterDelimiter") {
          if (buf.length - pos < 2) break;
          const [a, b] = [buf[pos], buf[pos + 1]];
          if (a === 0x2d && b === 0x2d) {
            // The closing delimiter: after the file, done; before any part, there was no file.
            if (parts === 0)
              throw new ValidationError(IMPORT_FILE_MISSING_MESSAGE, [
                { path: "file", message: IMPORT_FILE_MISSING_MESSAGE },
              ]);
            state = "done";
          } else if (a === 0x0d && b === 0x0a) {
            // A second part: only one file is read.
            if (parts > 0) throw new ValidationError(IMPORT_ONE_FILE_MESSAGE);
            pos += 2;
            state = "headers";
          } else {
            // No delimiter after all: its bytes were content.
            state = before;
            await write(delimiter);
          }
        } else {
          const at = buf.indexOf(CRLF_CRLF, pos);
          if ((at === -1 ? buf.length : at) - pos > FORM_PART_HEADERS_MAX)
            throw new PayloadTooLargeError(TOO_LARGE_MESSAGE);
          if (at === -1) break;
          const disposition = /^content-disposition\s*:(.*)$/im.exec(buf.toString("latin1", pos, at))?.[1] ?? "";
          const isFile = /;\s*filename\*?\s*=/i.test(disposition);
          const name = /;\s*name\s*=\s*"([^"]*)"/i.exec(disposition)?.[1];
          if (!isFile || name !== "file") throw new ValidationError(IMPORT_ONE_FILE_MESSAGE);
          parts += 1;
          pos = at + CRLF_CRLF.length;
          state = "content";
        }
      }
      pending = Buffer.from(buf.subarray(pos));
    }
    if (state !== "done") throw new ValidationError(parts ? MULTIPART_INVALID_MESSAGE : IMPORT_FILE_MISSING_MESSAGE);
    if (fileBytes === 0)
      throw new ValidationError(IMPORT_FILE_MISSING_MESSAGE, [{ path: "file", message: IMPORT_FILE_MISSING_MESSAGE }]);
    await out.sync();
    return fileBytes;
  } catch (err) {
    void discardRest(reader);
    await out.close().catch(() => undefined);
    await fs.rm(path, { force: true });
    throw err;
  } finally {
    await out.close().catch(() => undefined);
  }
}
