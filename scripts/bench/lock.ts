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
  if (i === PAGES - 1) words[75] = "quillfeather";
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

  return {
    rows,
    summary: {
      "unlock ms (median)": unlocks[1]!,
      "seal 5 000 pages ms": sealMs,
      "open and search 5 000 pages ms": searchMs,
      "target: search of a locked diary ≤ 1.5 s": searchMs <= SEARCH_TARGET_MS ? "met" : "MISSED",
    },
    pass: found === 1 && searchMs <= SEARCH_TARGET_MS,
    notes: ["Node's WebCrypto and hash-wasm: the browser's primitives, not yet measured in Chromium."],
  };
}
