import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm ci` refuses a lock file that lacks a package some locked package asks for, optional ones
// included: a lock written on one machine with only that machine's platform binaries (swc, oxide,
// the resolver's bindings) breaks `npm ci` everywhere, and a Mac's `npm install` rewrites it.
// Every optional dependency of every locked package must be locked too, for every platform.

type Locked = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
};
const lock = JSON.parse(fs.readFileSync(path.resolve("package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, Locked>;
};

/** Where npm would find `name` for the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

describe("package-lock.json", () => {
  it("is a lockfileVersion 3 lock", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("locks every optional dependency of every locked package, for every platform", () => {
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolve(at, name)) missing.push(`${name} (wanted by ${at || "the root"})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("holds the platform binaries a Mac, Windows and Linux on arm64 install", () => {
    for (const name of [
      "@next/swc-darwin-arm64",
      "@next/swc-win32-x64-msvc",
      "@next/swc-linux-arm64-gnu",
      "@tailwindcss/oxide-darwin-arm64",
      "@unrs/resolver-binding-darwin-arm64",
      "@img/sharp-darwin-arm64",
    ]) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });
});
