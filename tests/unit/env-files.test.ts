import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SUPPORTED_NODE, isSupportedNode } from "../../server/node-version";

// docs/decisions/032: `npm start` reads .env files as Next does, `npm test` only its own, and
// both refuse a Node older than package.json's engines. Each case runs server/env-files.ts in a
// child process in a folder of its own, with nothing in its environment but what the case gives.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-env-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(dir, ".env"),
  "PORT=4001\nDATABASE_URL=postgres://dev@localhost/mine\nSIGNUP_EMAIL_DOMAINS=\n",
);
fs.writeFileSync(path.join(dir, ".env.local"), "PORT=4002\n");
fs.writeFileSync(path.join(dir, ".env.development"), "EMBEDDED_POSTGRES_PORT=5601\n");
fs.writeFileSync(path.join(dir, ".env.test"), "TEST_DATABASE_URL=postgres://ci@localhost/throwaway\nPORT=4009\n");

const loader = path.resolve("server/env-files.ts");
// tsx from this project, not from the temporary folder the child runs in.
const tsx = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;

function settingsAfter(mode: string, env: Record<string, string> = {}) {
  const script = `const { loadEnvFiles } = await import(${JSON.stringify(loader)});
const files = loadEnvFiles(${JSON.stringify(mode)});
const e = process.env;
console.log(JSON.stringify({ files, PORT: e.PORT, DATABASE_URL: e.DATABASE_URL, EMBEDDED_POSTGRES_PORT: e.EMBEDDED_POSTGRES_PORT, TEST_DATABASE_URL: e.TEST_DATABASE_URL }));`;
  const run = spawnSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!);
}

describe("loadEnvFiles", () => {
  it("reads .env.local over .env for npm start, and the environment over both", () => {
    expect(settingsAfter("production")).toEqual({
      files: [".env.local", ".env"],
      PORT: "4002",
      DATABASE_URL: "postgres://dev@localhost/mine",
    });
    expect(settingsAfter("production", { PORT: "4100" }).PORT).toBe("4100");
  });

  it("adds .env.development for npm run dev", () => {
    expect(settingsAfter("development")).toMatchObject({ PORT: "4002", EMBEDDED_POSTGRES_PORT: "5601" });
  });

  it("gives npm test only .env.test: never the developer's DATABASE_URL", () => {
    expect(settingsAfter("test")).toEqual({
      files: [".env.test"],
      PORT: "4009",
      TEST_DATABASE_URL: "postgres://ci@localhost/throwaway",
    });
    expect(settingsAfter("test", { TEST_DATABASE_URL: "postgres://shell@localhost/x" }).TEST_DATABASE_URL).toBe(
      "postgres://shell@localhost/x",
    );
  });
});

describe("the Node.js check", () => {
  it.each([
    ["v20.19.0", false],
    ["v22.11.0", false],
    ["v22.12.0", true],
    ["v23.11.0", false],
    ["v24.0.0", true],
    ["v26.1.0", true],
  ])("%s is supported: %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it("agrees with package.json's engines, and this Node passes it", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.engines.node).toBe(SUPPORTED_NODE);
    expect(isSupportedNode(process.version)).toBe(true);
  });
});
