import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { THEME_COLOR } from "../lib/theme";

// The install icons of app/manifest.ts (docs/decisions/080), drawn from the app's mark app/icon.svg.
// Run once when the mark changes (`npx tsx scripts/make-icons.ts`); the PNGs are committed.
// "any" icons are the mark as it is; "maskable" ones put it inside the safe circle (the middle 80%)
// on a full-bleed sheet, so a launcher's round or squircle mask never cuts the pen.

const ROOT = path.join(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public", "icons");
const SIZES = [192, 512] as const;
/** The mark's share of a maskable icon: inside the safe zone's circle with room to spare. */
const MASKABLE_SHARE = 0.62;

async function main() {
  const svg = await readFile(path.join(ROOT, "app", "icon.svg"));
  await mkdir(OUT, { recursive: true });
  for (const size of SIZES) {
    await writeFile(
      path.join(OUT, `icon-${size}.png`),
      await sharp(svg, { density: 72 * (size / 32) })
        .resize(size, size)
        .png()
        .toBuffer(),
    );
    const inner = Math.round(size * MASKABLE_SHARE);
    const mark = await sharp(svg, { density: 72 * (inner / 32) })
      .resize(inner, inner)
      .png()
      .toBuffer();
    const maskable = await sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR.light } })
      .composite([{ input: mark, gravity: "center" }])
      .png()
      .toBuffer();
    await writeFile(path.join(OUT, `maskable-${size}.png`), maskable);
  }
  // iOS takes its home-screen icon from <link rel="apple-touch-icon"> and rounds the corners itself.
  const apple = await sharp(svg, { density: 72 * (180 / 32) })
    .resize(180, 180)
    .flatten({ background: THEME_COLOR.light })
    .png()
    .toBuffer();
  await writeFile(path.join(OUT, "apple-touch-icon.png"), apple);
}

await main();
