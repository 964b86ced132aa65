// Prints the figures of the fallback faces in app/globals.css: how much each metric-compatible
// system face (Liberation Sans for Arial, Liberation Serif for Times New Roman) must be scaled, and
// what ascent and descent it must be given, to stand in for Inter and Lora until they arrive. The
// same arithmetic as next/font's adjustFontFallback, with the bold faces measured too.
// Run: node scripts/font-fallbacks.mjs (needs fonts-liberation).
import { readFileSync } from "node:fs";
import fontkitModule from "next/dist/compiled/@next/font/dist/fontkit/index.js";

const create = fontkitModule.default ?? fontkitModule;
const open = (path) => create(readFileSync(path));
const inPackages = (path) => new URL(`../node_modules/${path}`, import.meta.url);

const LIBERATION = "/usr/share/fonts/truetype/liberation/";
const PAIRS = [
  ["@fontsource/inter/files/inter-latin-400-normal.woff2", "LiberationSans-Regular.ttf"],
  ["@fontsource/inter/files/inter-latin-600-normal.woff2", "LiberationSans-Bold.ttf"],
  ["@fontsource/lora/files/lora-latin-400-normal.woff2", "LiberationSerif-Regular.ttf"],
  ["@fontsource/lora/files/lora-latin-600-normal.woff2", "LiberationSerif-Bold.ttf"],
];
// next/font's sample of letters and spaces, weighted like running text.
const SAMPLE = "aaabcdeeeefghiijklmnnoopqrrssttuvwxyz      ";
const averageWidth = (font) =>
  font.glyphsForString(SAMPLE).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / SAMPLE.length / font.unitsPerEm;
const percent = (value) => `${Math.abs(value * 100).toFixed(2)}%`;

for (const [web, system] of PAIRS) {
  const font = open(inPackages(web));
  const scale = averageWidth(font) / averageWidth(open(LIBERATION + system));
  const per = (metric) => percent(metric / font.unitsPerEm / scale);
  console.log(
    `${web.split("/").pop()} over ${system}: size-adjust ${percent(scale)}; ` +
      `ascent-override ${per(font.ascent)}; descent-override ${per(font.descent)}; line-gap-override ${per(font.lineGap)}`,
  );
}
