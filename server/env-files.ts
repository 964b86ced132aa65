import fs from "node:fs";
import nextEnv from "@next/env";

// One loader for the .env files, Next's own (@next/env), so `npm start`, `npm run bench`,
// server/server.ts and the app read the same files in the same order: .env.<mode>.local,
// .env.local, .env.<mode>, .env; a variable already in the environment wins over every file
// (docs/decisions/032). It marks the environment as loaded, so Next inside the server does not
// read the files again.
//
// `npm test` reads only .env.test.local and .env.test (say, TEST_DATABASE_URL): never .env or
// .env.local, whose DATABASE_URL, mail, S3 or Google settings belong to the developer's own
// Inkwell, not to the app instances under test.

// A CommonJS bundle whose named exports Node cannot see from an ES module.
const { loadEnvConfig } = nextEnv;
const NEXT_LOADED = "__NEXT_PROCESSED_ENV";
const quiet = { info: () => undefined, error: console.error };

/** Loads the files for `mode` into process.env; returns the names of those it found. */
export function loadEnvFiles(mode: "development" | "production" | "test"): string[] {
  if (mode !== "test")
    return loadEnvConfig(process.cwd(), mode === "development", quiet).loadedEnvFiles.map((f) => f.path);
  const files = [".env.test.local", ".env.test"].filter((f) => fs.existsSync(f));
  for (const file of files) process.loadEnvFile(file);
  process.env[NEXT_LOADED] = "true";
  return files;
}
