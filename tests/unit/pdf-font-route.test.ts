import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDF_FONT_MAX_AGE_SECONDS, pdfFontAnswer } from "@/lib/journals/pdf/font-route";
import {
  DEJAVU_FILES,
  INTER_SUBSETS,
  LORA_SUBSETS,
  PDF_FONT_WEIGHTS,
  fontsourceFile,
  pdfFontModulePath,
  pdfFontUrl,
} from "@/lib/journals/pdf/font-urls";

// The journal PDF's fonts as the browser fetches them for a locked diary's PDF (app/pdf-fonts/[file]/route.ts,
// lib/journals/pdf/font-route.ts): the files the PDF worker embeds, from node_modules, and nothing else.

const MODULES = path.resolve(import.meta.dirname, "../../node_modules");

/**
 * Every file the browser registers (client/lock/journal-pdf-fonts.ts), which are the worker's by
 * construction: both register lib/journals/pdf/font-registry.mjs's list, Lora's italics too.
 */
const REGISTERED = [
  ...Object.values(DEJAVU_FILES),
  ...LORA_SUBSETS.flatMap((s) => PDF_FONT_WEIGHTS.map((w) => fontsourceFile("lora", s, w))),
  ...LORA_SUBSETS.flatMap((s) => PDF_FONT_WEIGHTS.map((w) => fontsourceFile("lora", s, w, "italic"))),
  ...INTER_SUBSETS.flatMap((s) => PDF_FONT_WEIGHTS.map((w) => fontsourceFile("inter", s, w))),
];

describe("the PDF's fonts for the browser", () => {
  it("are each a file under node_modules, at a URL of our own", () => {
    expect(REGISTERED).toHaveLength(6 + 2 * (5 + 5 + 7));
    for (const file of REGISTERED) {
      expect(fs.statSync(path.join(MODULES, pdfFontModulePath(file)!)).isFile(), file).toBe(true);
      expect(pdfFontUrl(file)).toBe(`/pdf-fonts/${file}`);
    }
  });

  it("are served with their type, a week's cache and an ETag, and a 304 for the ETag", async () => {
    const res = await pdfFontAnswer("lora-cyrillic-600-normal.woff", null);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("font/woff");
    expect(res.headers.get("cache-control")).toBe(`public, max-age=${PDF_FONT_MAX_AGE_SECONDS}`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes).toEqual(
      new Uint8Array(fs.readFileSync(path.join(MODULES, "@fontsource/lora/files/lora-cyrillic-600-normal.woff"))),
    );
    expect(res.headers.get("content-length")).toBe(String(bytes.length));

    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    const again = await pdfFontAnswer("lora-cyrillic-600-normal.woff", `W/"other", ${etag}`);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");

    const ttf = await pdfFontAnswer("DejaVuSerif.ttf", '"other"');
    expect(ttf.status).toBe(200);
    expect(ttf.headers.get("content-type")).toBe("font/ttf");
  });

  it("serve nothing else: another font of the packages, a WOFF2, a path out of the folder", async () => {
    for (const name of [
      "DejaVuSans-BoldOblique.ttf",
      "inter-latin-400-italic.woff",
      "lora-latin-400-normal.woff2",
      "lora-latin-700-normal.woff",
      "../package.json",
      "..%2Fpackage.json",
      "",
    ]) {
      const res = await pdfFontAnswer(name, null);
      expect(res.status, name).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
