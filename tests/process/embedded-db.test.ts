import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/app-process";
import { startEmbeddedDb, startFailure } from "../../server/embedded-db";

// docs/decisions/032: a failed start of the embedded PostgreSQL says its real cause, in PostgreSQL's own
// words, instead of one guess for every failure.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-embedded-db-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the embedded PostgreSQL", () => {
  it("names a taken port and the variable to set", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    try {
      const started = startEmbeddedDb({ dir: path.join(dir, "postgres"), port });
      await expect(started).rejects.toThrow(`Port ${port} is already in use (`);
      const message = await started.catch((err: Error) => err.message);
      expect(message).toContain("EMBEDDED_POSTGRES_PORT");
      expect(message).toMatch(
        /PostgreSQL said:\n[\s\S]*could not bind IPv4 address "127\.0\.0\.1": Address already in use/,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("blames the skipped install script, not the port, when a library is missing", () => {
    const log = [
      "/x/native/bin/initdb: error while loading shared libraries: libicuuc.so.60: cannot open shared object file: No such file or directory",
    ];
    const message = startFailure("/x/postgres", 5488, log);
    expect(message).toContain("libicuuc.so.60");
    expect(message).toContain("npm rebuild");
    expect(message).not.toContain("already in use");
  });
});
