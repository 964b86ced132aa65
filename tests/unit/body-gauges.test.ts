import { describe, expect, it } from "vitest";
import { JsonDepthGauge, MultipartGauge, multipartBoundary } from "../../lib/http/body-gauges";
import { FORM_PART_HEADERS_MAX, FORM_PARTS_MAX, FORM_TEXT_FIELD_MAX } from "../../lib/http/body-limits";

// The checks lib/http/body.ts runs on each chunk of a body before any parser sees it
// (docs/decisions/040-body-limits.md). Each body is also fed in every split into two chunks, and
// byte by byte, so a bracket, an escape or a delimiter cut in two counts the same.

const enc = (s: string) => new TextEncoder().encode(s);

function splits(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [[bytes], Array.from(bytes, (b) => Uint8Array.of(b))];
  for (let i = 1; i < bytes.length; i += Math.max(1, Math.floor(bytes.length / 40)))
    out.push([bytes.subarray(0, i), bytes.subarray(i)]);
  return out;
}

/** The refusal (status and message) the gauge made of the body, in each way of cutting it; undefined when it let it through. */
function verdicts(make: () => { push(c: Uint8Array): void }, body: Uint8Array) {
  return new Set(
    splits(body).map((chunks) => {
      const gauge = make();
      try {
        for (const c of chunks) gauge.push(c);
        return "ok";
      } catch (err) {
        const e = err as { status: number; message: string };
        return `${e.status} ${e.message}`;
      }
    }),
  );
}

describe("JsonDepthGauge", () => {
  const depth = (max: number, text: string) => verdicts(() => new JsonDepthGauge(max), enc(text));

  it("lets a body as deep as the limit through, and refuses one level more with a 400", () => {
    expect(depth(3, '{"a":[{"b":1}],"c":{}}')).toEqual(new Set(["ok"]));
    expect(depth(3, '{"a":[{"b":[1]}]}')).toEqual(
      new Set(["400 Request body is nested too deeply (at most 32 levels)"]),
    );
  });

  it("ignores brackets inside strings, escaped quotes and backslashes included", () => {
    expect(depth(1, '{"a":"[[[{{{","b":"\\"[[[","c":"\\\\","d":"]]]"}')).toEqual(new Set(["ok"]));
    expect(depth(1, '{"a":"\\\\",  "b":[1]}')).toEqual(
      new Set(["400 Request body is nested too deeply (at most 32 levels)"]),
    );
  });

  it("counts multi-byte UTF-8 text as text", () => {
    expect(depth(1, '{"a":"é[😀{"}')).toEqual(new Set(["ok"]));
  });

  it("refuses the 6 MB body of [ at the first level too many, having looked at a few bytes", () => {
    const gauge = new JsonDepthGauge(32);
    const chunk = enc(`{"email":${"[".repeat(65_536)}`);
    expect(() => gauge.push(chunk)).toThrow(/nested too deeply/);
  });
});

describe("multipartBoundary", () => {
  it.each([
    ["multipart/form-data; boundary=abc", "abc"],
    ['multipart/form-data; boundary="a b;c"', "a b;c"],
    ["multipart/form-data; charset=utf-8; BOUNDARY=x-1", "x-1"],
    ["multipart/form-data; boundary=", undefined],
    ["multipart/form-data", undefined],
  ])("reads %s", (type, boundary) => {
    expect(multipartBoundary(type)).toBe(boundary);
  });
});

describe("MultipartGauge", () => {
  const B = "----inkwell-boundary";
  const part = (name: string, value: string, filename?: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n${filename === undefined ? "" : "Content-Type: image/png\r\n"}\r\n${value}\r\n`;
  const body = (...parts: string[]) => enc(`${parts.join("")}--${B}--\r\n`);
  const gauge = (bytes: Uint8Array) => verdicts(() => new MultipartGauge(B), bytes);

  it("lets a real entry through: its text fields, and a photo larger than any text field", () => {
    const photo = "\x89PNG".padEnd(FORM_TEXT_FIELD_MAX * 2, "x");
    const ok = body(
      part("title", "A day"),
      part("content", "Line one\r\nline two"),
      part("journaldate", "2026-11-24"),
      part("image", photo, "photo.png"),
    );
    expect(gauge(ok)).toEqual(new Set(["ok"]));
  });

  it("lets a text field of exactly FORM_TEXT_FIELD_MAX bytes through, and refuses one byte more with a 413", () => {
    expect(gauge(body(part("content", "é".repeat(FORM_TEXT_FIELD_MAX / 2))))).toEqual(new Set(["ok"]));
    expect(gauge(body(part("content", `${"é".repeat(FORM_TEXT_FIELD_MAX / 2)}a`)))).toEqual(
      new Set(["413 A form field is too large"]),
    );
  });

  it("takes a route's own text-field limit in place of FORM_TEXT_FIELD_MAX (an imported page's text)", () => {
    const own = (b: Uint8Array) => verdicts(() => new MultipartGauge(B, 100), b);
    expect(own(body(part("content", "a".repeat(100))))).toEqual(new Set(["ok"]));
    expect(own(body(part("content", "a".repeat(101))))).toEqual(new Set(["413 A form field is too large"]));
  });

  it("takes a longer limit for the named fields alone (a locked page's sealed text), the route's for the rest", () => {
    const named = (b: Uint8Array) => verdicts(() => new MultipartGauge(B, 100, { sealedContent: 300 }), b);
    expect(named(body(part("sealedContent", "a".repeat(300)), part("title", "a".repeat(100))))).toEqual(
      new Set(["ok"]),
    );
    expect(named(body(part("sealedContent", "a".repeat(301))))).toEqual(new Set(["413 A form field is too large"]));
    for (const other of ["content", "sealedcontent", "sealedContentX"])
      expect(named(body(part(other, "a".repeat(101))))).toEqual(new Set(["413 A form field is too large"]));
  });

  it("does not take a near-delimiter inside a field for the field's end", () => {
    const half = "y".repeat(FORM_TEXT_FIELD_MAX / 2 + 10);
    const sneaky = `${half}\r\n--${B}x\r\n\r\n${half}`;
    expect(gauge(body(part("content", sneaky)))).toEqual(new Set(["413 A form field is too large"]));
  });

  it("refuses more than FORM_PARTS_MAX parts with a 400", () => {
    const many = Array.from({ length: FORM_PARTS_MAX + 1 }, (_, i) => part(`f${i}`, "x"));
    expect(gauge(body(...many.slice(0, FORM_PARTS_MAX)))).toEqual(new Set(["ok"]));
    expect(gauge(body(...many))).toEqual(new Set(["400 Request body has too many form fields (at most 32)"]));
  });

  it("refuses a part whose headers never end", () => {
    const endless = enc(`--${B}\r\nContent-Disposition: form-data; name="${"n".repeat(FORM_PART_HEADERS_MAX)}"`);
    expect(gauge(endless)).toEqual(new Set(["413 A form field is too large"]));
  });

  it("ignores a preamble and an epilogue, however long", () => {
    const text = enc(
      `${"p".repeat(FORM_TEXT_FIELD_MAX * 2)}\r\n${part("title", "x")}--${B}--\r\n${"e".repeat(FORM_TEXT_FIELD_MAX * 2)}`,
    );
    expect(gauge(text)).toEqual(new Set(["ok"]));
  });
});
