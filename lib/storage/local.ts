import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertKeyContentType, assertKeyPrefix, getKeyContentType, isStorageKey } from "./keys";
import type { ListedObject, Storage } from "./types";

/**
 * Writes `file` whole or not at all: beside its final place under a dot name (no key segment
 * starts with a dot, so temp files stay out of the key space), synced, then renamed over it
 * (rename is atomic within a file system). A failure leaves no temp file behind.
 */
async function writeWhole(file: string, fill: (handle: fs.FileHandle) => Promise<unknown>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    const handle = await fs.open(temp, "wx");
    try {
      await fill(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/** Files under one folder (`${DATA_DIR}/uploads` in the app), one file per key. */
export function createLocalStorage({ rootDir }: { rootDir: string }): Storage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    getKeyContentType({ key });
    const file = path.resolve(root, ...key.split("/"));
    // The key pattern already rules out escapes; this makes sure of it.
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key ${key} leaves the uploads folder`);
    return file;
  }

  return {
    async putObject({ key, data, contentType }) {
      assertKeyContentType({ key, contentType });
      await writeWhole(fileFor(key), (handle) => handle.writeFile(data));
    },

    async getObject({ key }) {
      const file = fileFor(key);
      let body: Buffer;
      try {
        body = await fs.readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      return { body, contentType: getKeyContentType({ key }), size: body.length };
    },

    async putObjectStream({ key, body, contentType }) {
      assertKeyContentType({ key, contentType });
      const file = fileFor(key);
      // A chunk at a time, each written before the next is read: the stream's pace is the disk's.
      await writeWhole(file, async (handle) => {
        for await (const chunk of body as AsyncIterable<Buffer>) await handle.write(chunk);
      });
      return (await fs.stat(file)).size;
    },

    async getObjectStream({ key }) {
      const file = fileFor(key);
      let handle;
      try {
        handle = await fs.open(file, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), contentType: getKeyContentType({ key }), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async deleteObject({ key }) {
      await fs.rm(fileFor(key), { force: true });
    },

    listObjects({ prefix }) {
      assertKeyPrefix(prefix);
      return listFolder(root, prefix);
    },
  };
}

/**
 * Files under `root/prefix`, depth first, read a directory entry at a time (a folder may hold
 * every photo ever uploaded); temp files (dot names) and names that are not keys are skipped.
 */
async function* listFolder(root: string, prefix: string): AsyncGenerator<ListedObject> {
  let dir;
  try {
    dir = await fs.opendir(path.join(root, ...prefix.split("/").filter(Boolean)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for await (const entry of dir) {
    if (entry.isDirectory()) {
      yield* listFolder(root, `${prefix}${entry.name}/`);
    } else if (entry.isFile() && isStorageKey(prefix + entry.name)) {
      const key = prefix + entry.name;
      try {
        const stat = await fs.stat(path.join(root, ...key.split("/")));
        yield { key, lastModified: stat.mtime };
      } catch (err) {
        // Deleted since the folder was read: nothing to list.
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
  }
}
