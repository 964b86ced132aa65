import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createJournal, createUser } from "../scripts/seed/factories";
import {
  FRONT_PICTURES,
  OPEN_GRAPH_PICTURE,
  frontPicturePath,
  type PictureTheme,
} from "../components/site/front-pictures";
import { NOW } from "./diary-helpers";
import { expect, signInAs, test } from "./fixtures";

// `npm run pictures`: the front page's pictures of the real diary (docs/decisions/108), taken from
// this build by the test stack, in both themes, and written to public/front/. Not part of `npm test`
// (playwright.config.ts runs *.pictures.ts only under INKWELL_PICTURES=1); run it again when the diary
// changes its look, and look at the files before committing them.

const OUT = path.join(process.cwd(), "public");
const THEMES: PictureTheme[] = ["light", "dark"];

const PAGES = [
  {
    day: "2026-03-03",
    title: "First page",
    content: "A new notebook, a new habit. One page a day, nothing more.",
  },
  {
    day: "2026-03-06",
    title: "Rain all day",
    content: "Read by the window. The tea went cold twice.",
  },
  {
    day: "2026-03-09",
    title: "Letters",
    content: "Wrote to Grandma about the garden. The tulips are almost out.",
  },
  {
    day: "2026-03-10",
    title: "Harbour lights",
    content:
      "The boats came in late tonight.\nWe counted their lights from the old wall, one by one, until the last of them was home.\n\nTomorrow: the market, early.",
  },
];

async function openTheDay(page: Page, theme: PictureTheme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.goto("/my-diary");
  await expect(page.getByRole("article").getByRole("heading", { name: "Harbour lights" })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

async function writePicture(shot: Buffer, file: string, width: number) {
  await sharp(shot).resize({ width }).webp({ quality: 82 }).toFile(path.join(OUT, file));
}

test.beforeEach(async ({ page, db }) => {
  const { user } = await createUser(db, { name: "Ada Lovelace" });
  for (const { day, title, content } of PAGES) await createJournal(db, user.id, { journalDate: day, title, content });
  await page.addInitScript(() => localStorage.setItem("inkwell.reminderOffer.dismissed", "1"));
  await page.clock.setFixedTime(NOW);
  await signInAs(page, db, user.id);
  fs.mkdirSync(path.join(OUT, "front"), { recursive: true });
});

test("the diary on a computer, and the Open Graph picture", async ({ page }) => {
  const { width, height, widths } = FRONT_PICTURES.wide;
  await page.setViewportSize({ width, height });
  for (const theme of THEMES) {
    await openTheDay(page, theme);
    const shot = await page.screenshot();
    for (const w of widths) await writePicture(shot, frontPicturePath("wide", theme, w), w);
  }
  await page.setViewportSize({ width: OPEN_GRAPH_PICTURE.width, height: OPEN_GRAPH_PICTURE.height });
  await openTheDay(page, "light");
  await sharp(await page.screenshot())
    .png({ palette: true, quality: 90 })
    .toFile(path.join(OUT, OPEN_GRAPH_PICTURE.url));
});

test.describe(() => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  test("the diary on a phone", async ({ page }) => {
    const { widths } = FRONT_PICTURES.phone;
    for (const theme of THEMES) {
      await openTheDay(page, theme);
      const shot = await page.screenshot();
      for (const w of widths) await writePicture(shot, frontPicturePath("phone", theme, w), w);
    }
  });
});
