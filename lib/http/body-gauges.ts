import { PayloadTooLargeError, ValidationError } from "@/lib/errors";
import {
  FIELD_TOO_LARGE_MESSAGE,
  FORM_PART_HEADERS_MAX,
  FORM_PARTS_MAX,
  FORM_TEXT_FIELD_MAX,
  TOO_DEEP_MESSAGE,
  TOO_MANY_PARTS_MESSAGE,
} from "./body-limits";

// Checks a body chunk by chunk while it arrives (lib/http/body.ts), before any parser sees it: a
// refusal stops the reading at the chunk that crossed the line. Each costs one pass over the bytes
// and keeps a few bytes of state, whatever the body holds (docs/decisions/040-body-limits.md).

export interface BodyGauge {
  /** Looks at the next chunk; throws the refusal (an HttpError) as soon as a limit is crossed. */
  push(chunk: Uint8Array): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * The nesting depth of JSON text, counted on its UTF-8 bytes: brackets and braces outside strings
 * (the bytes of `"`, `\`, `[`, `{` never occur inside a multi-byte UTF-8 character). JSON.parse
 * builds every level it reads, so a few megabytes of `[` cost hundreds of megabytes of heap; this
 * refuses them at the first level too many. Malformed text is left to JSON.parse.
 */
export class JsonDepthGauge implements BodyGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  push(chunk: Uint8Array): void {
    let { depth, inString, escaped } = this;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++depth > this.max) throw new ValidationError(TOO_DEEP_MESSAGE);
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
    }
    Object.assign(this, { depth, inString, escaped });
  }
}

/** The boundary of a `multipart/form-data` content type, or undefined when it names none usable. */
export function multipartBoundary(contentType: string): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^;\s"]{1,200}))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

type State = "preamble" | "afterDelimiter" | "headers" | "content" | "epilogue";

const CRLF_CRLF = Buffer.from("\r\n\r\n");

/**
 * The parts of a multipart/form-data body as they arrive (RFC 7578): at most FORM_PARTS_MAX parts,
 * FORM_PART_HEADERS_MAX bytes of headers each, and FORM_TEXT_FIELD_MAX bytes in any part that is
 * not a file (no `filename` in its Content-Disposition). Files are bounded by the body's own limit.
 * It only measures; the platform's parser still reads the body once it is all in, and refuses what
 * is malformed. State between chunks: at most a delimiter's length of bytes, or one part's headers.
 */
export class MultipartGauge implements BodyGauge {
  private readonly delimiter: Buffer;
  private state: State = "preamble";
  /** The state a delimiter was found in, to go back to if it turns out to be none. */
  private before: State = "preamble";
  // The body is read as if it began with CRLF, so that its first delimiter looks like every other.
  private pending: Buffer = Buffer.from("\r\n");
  private parts = 0;
  private isFile = false;
  private partBytes = 0;
  private partMax = FORM_TEXT_FIELD_MAX;

  /**
   * `textFieldMax`: FORM_TEXT_FIELD_MAX, or a route's own for a field that may be longer (an imported
   * page's text); `longFields`: a longer bound for the fields of these names alone (a part whose
   * name is not read here is held to `textFieldMax`).
   */
  constructor(
    boundary: string,
    private readonly textFieldMax = FORM_TEXT_FIELD_MAX,
    private readonly longFields: Readonly<Record<string, number>> = {},
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  }

  push(chunk: Uint8Array): void {
    const buf = this.pending.length
      ? Buffer.concat([this.pending, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let pos = 0;
    for (;;) {
      if (this.state === "epilogue") {
        pos = buf.length;
        break;
      }
      if (this.state === "preamble" || this.state === "content") {
        const at = buf.indexOf(this.delimiter, pos);
        // Without a delimiter, all but its length less one byte is content for certain.
        const end = at === -1 ? Math.max(pos, buf.length - this.delimiter.length + 1) : at;
        this.countContent(end - pos);
        pos = end;
        if (at === -1) break;
        pos += this.delimiter.length;
        this.before = this.state;
        this.state = "afterDelimiter";
      } else if (this.state === "afterDelimiter") {
        if (buf.length - pos < 2) break;
        // `--` after the delimiter closes the body (what follows is an epilogue to ignore), CRLF
        // starts a part; anything else means it was no delimiter but text (counted as such, so a
        // field cannot hide its length from this count by containing a near-delimiter).
        const [a, b] = [buf[pos], buf[pos + 1]];
        if (a === 0x2d && b === 0x2d) this.state = "epilogue";
        else if (a === 0x0d && b === 0x0a) this.state = "headers";
        else {
          this.state = this.before;
          this.countContent(this.delimiter.length);
        }
      } else {
        const at = buf.indexOf(CRLF_CRLF, pos);
        if ((at === -1 ? buf.length : at) - pos > FORM_PART_HEADERS_MAX)
          throw new PayloadTooLargeError(FIELD_TOO_LARGE_MESSAGE);
        if (at === -1) break;
        this.startPart(buf.toString("latin1", pos, at));
        pos = at + CRLF_CRLF.length;
      }
    }
    this.pending = Buffer.from(buf.subarray(pos));
  }

  private startPart(headers: string) {
    this.parts += 1;
    if (this.parts > FORM_PARTS_MAX) throw new ValidationError(TOO_MANY_PARTS_MESSAGE);
    const disposition = /^content-disposition\s*:(.*)$/im.exec(headers)?.[1] ?? "";
    this.isFile = /;\s*filename\*?\s*=/i.test(disposition);
    const name = /;\s*name\s*=\s*"([^"]*)"/i.exec(disposition)?.[1];
    this.partMax =
      name !== undefined && Object.hasOwn(this.longFields, name) ? this.longFields[name]! : this.textFieldMax;
    this.partBytes = 0;
    this.state = "content";
  }

  private countContent(bytes: number) {
    if (this.state !== "content") return;
    this.partBytes += bytes;
    if (!this.isFile && this.partBytes > this.partMax) throw new PayloadTooLargeError(FIELD_TOO_LARGE_MESSAGE);
  }
}
