import {
  PASSPHRASE_KDF,
  itemKey,
  newDiarySecret,
  openText,
  sealText,
  unwrapWithPassphrase,
  wrapWithPassphrase,
  type Place,
} from "../../client/lock/crypto";
import { lockVerifier, newRecoveryKey, wrapWithKeyMaterial } from "../../client/lock/crypto";
import type { Ask } from "../../client/lock/diary-pages";
import { sealExistingPages } from "../../client/lock/migrate";
import { lockedIndexParts, searchLockedParts, type LockedPage } from "../../client/lock/locked-index";
import { journals } from "../../lib/db/schema";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { connect, createSession, createUser, DEFAULT_PASSWORD } from "../seed/factories";
import type { BenchContext, ScenarioResult } from "./types";

// The diary lock's costs (docs/decisions/114), with the browser's own primitives as Node has them
// (WebCrypto, hash-wasm's WebAssembly): one unlock through Argon2id at the settings a passphrase
// gets, sealing 5 000 existing pages (title, 900 characters, tags), and opening them all to search
// for a word, the work of a search of a locked diary after unlock (target: the first result under
// 1.5 s). A phone is slower; in-browser figures come with the unlock screen.

const PAGES = 5_000;
const SEARCH_TARGET_MS = 1_500;
const OWNER = "00000000-0000-4000-8000-00000000b0b0";

function page(i: number) {
  const day = new Date(Date.UTC(2012, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const words = Array.from({ length: 150 }, (_, w) => ["river", "bread", "letter", "rain", "lamp"][(i + w) % 5]);
  // The word sought is on one page half way through the diary: the list is read newest first.
  if (i === PAGES / 2) words[75] = "quillfeather";
  return { day, title: `Day ${i + 1} by the sea`, content: words.join(" ").slice(0, 900), tags: "walk, home" };
}

const ms = (since: number) => Math.round(performance.now() - since);

export async function lock(ctx: BenchContext): Promise<ScenarioResult> {
  const rows: Record<string, string | number>[] = [];
  const secret = newDiarySecret();
  const wrapped = await wrapWithPassphrase(secret, "correct horse battery staple", OWNER);
  const unlocks: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    await unwrapWithPassphrase(wrapped, "correct horse battery staple", OWNER);
    unlocks.push(ms(t));
  }
  unlocks.sort((a, b) => a - b);
  rows.push({
    step: `unlock by passphrase (Argon2id ${PASSPHRASE_KDF.memorySize / 1024} MiB × ${PASSPHRASE_KDF.iterations}), median of 3`,
    ms: unlocks[1]!,
  });

  const key = await itemKey(secret);
  const pages = Array.from({ length: PAGES }, (_, i) => page(i));
  const place = (day: string, field: Place["field"]): Place => ({ owner: OWNER, day, field, revision: 1 });
  ctx.say(`Sealing ${PAGES} pages…`);
  let t = performance.now();
  const sealed = [];
  for (const p of pages)
    sealed.push({
      day: p.day,
      title: await sealText(key, place(p.day, "title"), p.title),
      content: await sealText(key, place(p.day, "content"), p.content),
      tags: await sealText(key, place(p.day, "tags"), p.tags),
    });
  const sealMs = ms(t);
  rows.push({ step: `seal ${PAGES} pages (title, 900 characters, tags)`, ms: sealMs });

  t = performance.now();
  let firstResult = -1;
  let found = 0;
  for (const s of sealed) {
    const text = `${await openText(key, place(s.day, "title"), s.title)}\n${await openText(key, place(s.day, "content"), s.content)}`;
    if (text.includes("quillfeather")) {
      found++;
      if (firstResult < 0) firstResult = ms(t);
    }
  }
  const searchMs = ms(t);
  rows.push({ step: `open ${PAGES} pages and search them for a word (found ${found})`, ms: searchMs });

  const served = await throughTheServer(ctx, pages);
  rows.push(...served.rows);

  return {
    rows,
    summary: {
      "unlock ms (median)": unlocks[1]!,
      "seal 5 000 pages ms": sealMs,
      "open and search 5 000 pages ms": searchMs,
      "seal 5 000 existing pages through the API ms": served.migrateMs,
      "new device: unlock, then the first result (half way through the diary) ms": served.firstResult,
      "new device: unlock, read, open and search all 5 000 locked pages ms": served.searchMs,
      "Chromium, new device: unlock ms": served.browser.unlockMs,
      "Chromium: the first result after typing the word ms": served.browser.firstResultMs,
      "target: the first result ≤ 1.5 s after unlock (Chromium)":
        served.browser.firstResultMs <= SEARCH_TARGET_MS ? "met" : "MISSED",
    },
    pass: found === 1 && served.found === 1 && served.browser.firstResultMs <= SEARCH_TARGET_MS,
    notes: [
      "The first rows: Node's WebCrypto and hash-wasm, the browser's primitives. The Chromium rows: Debian's Chromium on this machine, the app's own screens against a production build; the search's wait includes its typing pause (the field settles before it asks).",
      "Through the server: client/lock/migrate.ts and client/lock/locked-index.ts, as the browser runs them, against a production build on the embedded PostgreSQL: sealing two pages at a time, reading three years of the diary at once.",
    ],
  };
}

/**
 * The same diary kept by the server: 5 000 readable private pages sealed in place by
 * client/lock/migrate.ts (what a person turning the lock on waits for), then a new device's
 * unlock, every page read back from the API, opened and searched (the first result's wait).
 */
async function throughTheServer(ctx: BenchContext, pages: ReturnType<typeof page>[]) {
  const stack = await ctx.stack();
  const { db, close } = connect(stack.databaseUrl);
  try {
    const { user } = await createUser(db, { name: "Bench Locker" });
    const token = await createSession(db, user.id);
    const ask: Ask = (p, init = {}) =>
      fetch(p.startsWith("http") ? p : `${stack.url}${p}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < pages.length; i += 500)
      await db.insert(journals).values(
        pages.slice(i, i + 500).map((p) => ({
          authorId: user.id,
          title: p.title,
          content: p.content,
          journalDate: p.day,
        })),
      );
    const secret = newDiarySecret();
    const wraps = [
      await wrapWithPassphrase(secret, "correct horse battery staple", user.id),
      await wrapWithKeyMaterial(secret, newRecoveryKey(), user.id, "recovery", "recovery"),
    ];
    const on = await ask("/api/lock", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: DEFAULT_PASSWORD, verifier: await lockVerifier(secret), wraps }),
    });
    if (on.status !== 201) throw new Error(`POST /api/lock answered ${on.status}`);
    const key = await itemKey(secret);

    ctx.say(`Sealing ${pages.length} existing pages through the API…`);
    let t = performance.now();
    const run = await sealExistingPages({ key, owner: user.id, ask });
    const migrateMs = ms(t);
    if (run.sealed !== pages.length || run.failed.length)
      throw new Error(`Sealed ${run.sealed} of ${pages.length}; failed ${JSON.stringify(run.failed.slice(0, 3))}`);

    // A new device: the wrapping from the server, the passphrase, then every page read and opened.
    t = performance.now();
    const lock = (await (await ask("/api/lock")).json()) as { wraps: { kind: string }[] };
    const phrase = lock.wraps.find((w) => w.kind === "passphrase") as Parameters<typeof unwrapWithPassphrase>[0];
    const opened = await itemKey(await unwrapWithPassphrase(phrase, "correct horse battery staple", user.id));
    const unlockMs = ms(t);
    let found = 0;
    let firstResult = -1;
    const parts: LockedPage[][] = [];
    for await (const part of lockedIndexParts(user.id, opened, ask)) {
      parts.push(part);
      found = searchLockedParts(parts, "quillfeather").length;
      if (found && firstResult < 0) firstResult = ms(t);
    }
    const searchMs = ms(t);
    ctx.say("A new device in Chromium: unlock, then search…");
    const browser = await inChromium(stack.url, token);
    return {
      browser,
      migrateMs,
      searchMs,
      unlockMs,
      firstResult,
      found,
      rows: [
        { step: `seal ${pages.length} existing pages through the API (client/lock/migrate.ts)`, ms: migrateMs },
        {
          step: `new device: unlock (${unlockMs} ms), read ${pages.length} locked pages from the API, open and search them (first result at ${firstResult} ms)`,
          ms: searchMs,
        },
        { step: "Chromium, a new device: unlock by passphrase in the dialog (click to closed)", ms: browser.unlockMs },
        {
          step: `Chromium: Ctrl+K, "quillfeather" typed, until its one hit is listed (${pages.length} pages read and opened on the device)`,
          ms: browser.firstResultMs,
        },
      ],
    };
  } finally {
    await close();
  }
}

const CHROMIUM = "/usr/bin/chromium";

/**
 * The same diary on a new device in desktop Chromium, through the app's own screens: the unlock
 * dialog on /me/security with the passphrase (Argon2id in the browser), then the diary search
 * (Ctrl+K) for the word on one page half way through, until its hit is listed: the whole diary is
 * read from the API, opened and searched in the page (client/lock/locked-index.ts).
 */
async function inChromium(url: string, token: string): Promise<{ unlockMs: number; firstResultMs: number }> {
  const browser = await chromium.launch({ executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" });
    const { hostname } = new URL(url);
    await context.addCookies([
      { name: "session", value: token, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
    await context.addInitScript((t) => localStorage.setItem("token", t), token);
    const page = await context.newPage();
    await page.goto(`${url}/me/security`);
    await page.locator("html[data-hydrated]").waitFor();
    const card = page.getByRole("region", { name: "Diary lock" });
    await card.getByRole("button", { name: "Unlock your diary…" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock your diary" });
    await dialog.getByLabel("Your diary's passphrase").fill("correct horse battery staple");
    let t = performance.now();
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 60_000 });
    const unlockMs = ms(t);
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog", { name: "Search my diary" });
    await search.getByRole("combobox", { name: "Search my diary" }).waitFor();
    t = performance.now();
    await page.keyboard.type("quillfeather");
    await search
      .getByRole("listbox", { name: "Entries found" })
      .getByRole("option")
      .first()
      .waitFor({ timeout: 120_000 });
    return { unlockMs, firstResultMs: ms(t) };
  } finally {
    await browser.close();
  }
}
