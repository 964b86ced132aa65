import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// `npm start` builds only when the sources differ from the last production build.
const SOURCES = [
  "app",
  "client",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const STAMP = path.join(".next", "inkwell-source-hash");

function walk(p: string, out: string[]) {
  if (!fs.existsSync(p)) return;
  if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(p);
}

export function sourceHash(): string {
  const files: string[] = [];
  for (const s of SOURCES) walk(s, files);
  const h = createHash("sha256");
  for (const f of files) h.update(f).update("\0").update(fs.readFileSync(f)).update("\0");
  return h.digest("hex");
}

export function buildIfStale(log: (m: string) => void = console.log) {
  const hash = sourceHash();
  const built =
    fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === hash;
  if (built) return;
  log("Building Inkwell for production (once per change of the sources)…");
  const next = path.join("node_modules", "next", "dist", "bin", "next");
  const res = spawnSync(process.execPath, [next, "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (res.status !== 0) throw new Error("next build failed");
  fs.writeFileSync(STAMP, hash);
}
