import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// Where an import's ZIP lives (docs/decisions/078): in storage under the person's own folder, so
// deleting the account lists and removes it (lib/users/account-deletion.ts), and on local disk
// while it is checked or read (yauzl seeks to the central directory at the end).

export function importKey({ userId, importId }: { userId: string; importId: string }): string {
  return `imports/${userId}/${importId}.zip`;
}

const TEMP_PREFIX = "inkwell-import-";

/** A fresh temporary file name for one ZIP being checked or read. */
export function importTempPath(importId: string, dir = os.tmpdir()): string {
  return path.join(dir, `${TEMP_PREFIX}${importId}-${randomUUID()}.zip`);
}

/** Removes the temporary copies of one import's ZIP that a process which died while reading it left here. */
export async function removeImportTempFiles(importId: string, dir = os.tmpdir()): Promise<void> {
  const prefix = `${TEMP_PREFIX}${importId}-`;
  for (const name of await fs.readdir(dir).catch(() => [])) {
    if (name.startsWith(prefix)) await fs.rm(path.join(dir, name), { force: true });
  }
}

/** Whether a file name in the temp folder is one of ours (left behind only by a process that died mid-way). */
export function isImportTempName(name: string): boolean {
  return name.startsWith(TEMP_PREFIX) && name.endsWith(".zip");
}
