import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { imports, journals, rateLimits } from "../../lib/db/schema";
import {
  IMPORT_DAMAGED_MESSAGE,
  IMPORT_ENCRYPTED_MESSAGE,
  IMPORT_ENTRIES_MAX,
  IMPORT_FILE_MISSING_MESSAGE,
  IMPORT_JSON_MAX_BYTES,
  IMPORT_LINK_MESSAGE,
  IMPORT_NEEDED_TOO_MUCH_MEMORY_MESSAGE,
  IMPORT_NO_JOURNAL_MESSAGE,
  IMPORT_NOT_ZIP_MESSAGE,
  IMPORT_ONE_FILE_MESSAGE,
  IMPORT_STARTS_PER_DAY,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_ENTRIES_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  IMPORT_TOO_MUCH_DATA_MESSAGE,
  IMPORT_UNSAFE_PATH_MESSAGE,
  IMPORT_ZIP_ENTRIES_MAX,
  importUnexpectedFileMessage,
} from "../../lib/imports/limits";
import { dayOneZip, handZip, journalJson, uploadImport } from "../support/day-one-zip";
import { testEnv } from "../support/env";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { importFinished } from "../support/job-results";
import { errorBody } from "../support/refusals";
import { watchServer } from "../support/server-watch";

// Hostile uploads to POST /api/import (docs/decisions/078): each is a clear 4xx within a second,
// and leaves nothing behind: no import row, no page, no file under the person's imports/ folder.
// Those the checks of the request cannot see are read by the job in a process of its own
// (docs/decisions/093): refused there, or the death of that process, never of the server.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

/** What the test stack sets (scripts/test.ts). */
const IMPORT_MAX_BYTES = 3 * 1024 * 1024;
const JOURNAL = journalJson([{ creationDate: "2025-05-01T10:00:00Z", timeZone: "UTC", text: "A day" }]);

function storedImports(userId: string): string[] {
  const dir = path.join(testEnv.dataDir, "uploads", "imports", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function expectNothingMade(who: Person) {
  expect(await db.select().from(imports).where(eq(imports.userId, who.user.id))).toEqual([]);
  expect(await db.select({ id: journals.id }).from(journals).where(eq(journals.authorId, who.user.id))).toEqual([]);
  expect(storedImports(who.user.id)).toEqual([]);
}

async function expectRefusedFast(zip: Buffer, status: number, message: string) {
  const who = await person(db);
  const started = performance.now();
  const res = await uploadImport(who.token, zip);
  const ms = performance.now() - started;
  expect(res.body).toEqual(errorBody(status, message));
  expect(res.status).toBe(status);
  expect(ms, `refused in ${Math.round(ms)} ms`).toBeLessThan(1500);
  await expectNothingMade(who);
}

describe("a hostile ZIP is refused before any work that grows with it, and nothing is made", () => {
  it("a zip bomb by declared size: a tiny ZIP that says it unpacks to 3 GB", async () => {
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      { name: "photos/big.jpeg", data: Buffer.from("x"), deflate: true, declaredSize: 3_000_000_000 },
    ]);
    expect(zip.length).toBeLessThan(1024);
    await expectRefusedFast(zip, 413, IMPORT_TOO_MUCH_DATA_MESSAGE);
  });

  it("a zip bomb that lies: 64 MB of zeros that says it is 100 bytes", async () => {
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      { name: "photos/a.png", data: Buffer.alloc(64 * 1024 * 1024), deflate: true, declaredSize: 100 },
    ]);
    await expectRefusedFast(zip, 400, IMPORT_DAMAGED_MESSAGE);
  });

  it(`more than ${IMPORT_ZIP_ENTRIES_MAX} files`, async () => {
    const many = Array.from({ length: IMPORT_ZIP_ENTRIES_MAX + 1 }, (_, i) => ({ name: `j${i}.json` }));
    await expectRefusedFast(handZip(many), 400, IMPORT_TOO_MANY_FILES_MESSAGE);
  });

  it("a path that climbs out with ..", async () => {
    await expectRefusedFast(
      handZip([
        { name: "Journal.json", data: Buffer.from(JOURNAL) },
        { name: "photos/../../evil.json", data: Buffer.from("{}") },
      ]),
      400,
      IMPORT_UNSAFE_PATH_MESSAGE,
    );
  });

  it("an absolute path, and a backslash", async () => {
    await expectRefusedFast(
      handZip([{ name: "/etc/Journal.json", data: Buffer.from(JOURNAL) }]),
      400,
      IMPORT_UNSAFE_PATH_MESSAGE,
    );
    await expectRefusedFast(
      handZip([{ name: "photos\\..\\Journal.json", data: Buffer.from(JOURNAL) }]),
      400,
      IMPORT_UNSAFE_PATH_MESSAGE,
    );
  });

  it("a symlink, even one named like a photo", async () => {
    const zip = handZip([
      { name: "Journal.json", data: Buffer.from(JOURNAL) },
      { name: "photos/link.jpeg", data: Buffer.from("/etc/passwd"), mode: 0o120777 },
    ]);
    await expectRefusedFast(zip, 400, IMPORT_LINK_MESSAGE);
  });

  it("an encrypted entry", async () => {
    await expectRefusedFast(
      handZip([{ name: "Journal.json", data: Buffer.from(JOURNAL), deflate: true, flags: 1 }]),
      400,
      IMPORT_ENCRYPTED_MESSAGE,
    );
  });

  it("a file that is neither a journal nor a photo", async () => {
    const zip = await dayOneZip([
      { name: "Journal.json", data: JOURNAL },
      { name: "run-me.sh", data: "#!/bin/sh\n" },
    ]);
    await expectRefusedFast(zip, 400, importUnexpectedFileMessage("run-me.sh"));
    // A photo's extension outside photos/ is no photo either.
    await expectRefusedFast(
      await dayOneZip([
        { name: "Journal.json", data: JOURNAL },
        { name: "elsewhere/a.jpeg", data: "x" },
      ]),
      400,
      importUnexpectedFileMessage("elsewhere/a.jpeg"),
    );
  });

  it("a ZIP with no journal", async () => {
    await expectRefusedFast(await dayOneZip([{ name: "photos/a.jpeg", data: "x" }]), 400, IMPORT_NO_JOURNAL_MESSAGE);
  });

  it("not a ZIP at all, and an empty file", async () => {
    await expectRefusedFast(Buffer.from("Dear diary, this is not a ZIP file at all."), 400, IMPORT_NOT_ZIP_MESSAGE);
    await expectRefusedFast(Buffer.alloc(0), 400, IMPORT_FILE_MISSING_MESSAGE);
  });
});

describe("the upload itself", () => {
  it(`a file over IMPORT_MAX_BYTES streamed with no Content-Length is a 413 at the chunk that crosses it`, async () => {
    const who = await person(db);
    const boundary = "----import-over";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const chunk = new Uint8Array(64 * 1024).fill(0x50);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > IMPORT_MAX_BYTES + 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${testEnv.baseUrl}/api/import`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${who.token}` },
    } as RequestInit);
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 413,
      body: errorBody(413, IMPORT_TOO_LARGE_MESSAGE),
    });
    await expectNothingMade(who);
  });

  it("a declared Content-Length over the limit is a 413 before a byte is read", async () => {
    const who = await person(db);
    const res = await api("/api/import", {
      token: who.token,
      rawBody: new Uint8Array(IMPORT_MAX_BYTES + 70 * 1024),
      contentType: "multipart/form-data; boundary=x",
    });
    expect(res.body).toEqual(errorBody(413, IMPORT_TOO_LARGE_MESSAGE));
    await expectNothingMade(who);
  });

  it("anything but one file in the field named file is a 400", async () => {
    const who = await person(db);
    const zip = await dayOneZip([{ name: "Journal.json", data: JOURNAL }]);
    const wrongName = new FormData();
    wrongName.append("zip", new Blob([new Uint8Array(zip)]), "Export.zip");
    expect((await api("/api/import", { token: who.token, form: wrongName })).body).toEqual(
      errorBody(400, IMPORT_ONE_FILE_MESSAGE),
    );
    const two = new FormData();
    two.append("file", new Blob([new Uint8Array(zip)]), "Export.zip");
    two.append("file", new Blob([new Uint8Array(zip)]), "Again.zip");
    expect((await api("/api/import", { token: who.token, form: two })).body).toEqual(
      errorBody(400, IMPORT_ONE_FILE_MESSAGE),
    );
    const json = await api("/api/import", { token: who.token, body: { file: "x" } });
    expect(json.body).toEqual(errorBody(400, "Request body must be multipart/form-data"));
    await expectNothingMade(who);
  });

  it(`counts ${IMPORT_STARTS_PER_DAY} tries a day, refused ones too, then answers 429 before reading the body`, async () => {
    const who = await person(db);
    for (let i = 0; i < IMPORT_STARTS_PER_DAY; i++)
      expect((await uploadImport(who.token, Buffer.from("not a zip"))).status).toBe(400);
    const res = await uploadImport(who.token, await dayOneZip([{ name: "Journal.json", data: JOURNAL }]));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectNothingMade(who);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `import:${who.user.id}`)),
    ).toHaveLength(1);
  });
});

/** Watches both instances that run the job worker: either may take an import. */
function watchBoth() {
  const watches = [
    watchServer({ base: testEnv.baseUrl, log: testEnv.log }),
    watchServer({ base: testEnv.secondUrl, log: testEnv.secondLog }),
  ];
  return { stop: async () => (await Promise.all(watches.map((w) => w.stop()))).flatMap((r) => r.problems) };
}

/** The server processes of both instances, from their logs' "listening" lines. */
function serverPids(): number[] {
  return [testEnv.log, testEnv.secondLog].map((log) =>
    Number([...fs.readFileSync(log, "utf8").matchAll(/^\[inkwell\] Server \(pid (\d+)\) listening/gm)].at(-1)![1]),
  );
}

/** The process that holds a temporary copy of this import's ZIP open (the job reading it), or undefined. */
function readerOf(importId: string): { pid: number; ppid: number; command: string } | undefined {
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let links: string[];
    try {
      links = fs.readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return "";
        }
      });
    } catch {
      continue; // gone meanwhile, or not ours
    }
    if (!links.some((l) => path.basename(l).startsWith(`inkwell-import-${importId}-`))) continue;
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return {
      pid: Number(pid),
      ppid: Number(stat.split(") ")[1]!.split(" ")[1]),
      command: fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" "),
    };
  }
  return undefined;
}

const tempCopies = (importId: string) =>
  fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`inkwell-import-${importId}-`));

describe("what only reading the journals shows is met in the job's own process, never the server", () => {
  it(
    `600 000 tiny entries in a ZIP of about 200 KB: accepted, then failed past ${IMPORT_ENTRIES_MAX} entries with no page made; the server never falters`,
    { timeout: 60_000 },
    async () => {
      const who = await person(db);
      // The attack that once took the server down (docs/decisions/093): 600 000 tiny entries, 104
      // bytes each with their indentation, 59.5 MiB of JSON.
      const entry = `        {\n            "creationDate" : "2020-01-01T00:00:00Z",\n            "text" : "x"\n        }${" ".repeat(8)}`;
      const journal = `{\n  "metadata": {},\n  "entries": [\n${Array.from({ length: 600_000 }, () => entry).join(",\n")}\n  ]\n}`;
      expect(journal.length).toBeGreaterThan(59 * 1024 * 1024);
      expect(journal.length).toBeLessThan(IMPORT_JSON_MAX_BYTES);
      const zip = await dayOneZip([{ name: "Journal.json", data: journal }]);
      expect(zip.length).toBeGreaterThan(150 * 1024);
      expect(zip.length).toBeLessThan(250 * 1024);

      const watch = watchBoth();
      let problems: string[];
      let done;
      try {
        const started = await uploadImport(who.token, zip);
        expect(started.status).toBe(202);
        done = await importFinished(who.token, started.body.id);
      } finally {
        problems = await watch.stop();
      }
      expect(problems).toEqual([]);
      expect(done.state).toBe("failed");
      expect(done.report).toMatchObject({
        pagesMade: 0,
        problems: { count: 1, items: [{ file: "", message: IMPORT_TOO_MANY_ENTRIES_MESSAGE }] },
      });
      expect(IMPORT_TOO_MANY_ENTRIES_MESSAGE).toMatch(/^This export holds more than 50 000 entries; /);
      expect(await db.select({ id: journals.id }).from(journals).where(eq(journals.authorId, who.user.id))).toEqual([]);
      expect(storedImports(who.user.id)).toEqual([]);
      expect(tempCopies(done.id)).toEqual([]);
    },
  );

  it(
    "a job process that dies holding an import (killed as the kernel kills one out of memory) fails that import; the server stays up and the next import runs",
    { timeout: 60_000 },
    async () => {
      const who = await person(db);
      // One entry with 20 million photos: past the entry bound's reach, it holds more than the job
      // process's heap may (it would die of it in some 20 s on a busy machine); the test ends it at once.
      const journal = `{"metadata":{},"entries":[{"creationDate":"2020-01-01T00:00:00Z","text":"x","photos":[${"{},".repeat(20_000_000)}{}]}]}`;
      const zip = await dayOneZip([{ name: "Journal.json", data: journal }]);
      expect(zip.length).toBeLessThan(IMPORT_MAX_BYTES);

      const watch = watchBoth();
      let problems: string[];
      let failed;
      try {
        const started = await uploadImport(who.token, zip);
        expect(started.status).toBe(202);
        const id = started.body.id;
        // The job's own process reads it: a child of one of the servers, not the server itself.
        const reader = await vi.waitFor(
          () => {
            const found = readerOf(id);
            if (!found) throw new Error(`no process holds import ${id} yet`);
            return found;
          },
          { timeout: 30_000, interval: 50 },
        );
        expect(serverPids()).toContain(reader.ppid);
        expect(serverPids()).not.toContain(reader.pid);
        expect(reader.command).toMatch(/--max-old-space-size=\d+ .*inkwell-job-runner\.mjs imports$/);
        process.kill(reader.pid, "SIGKILL");
        failed = await importFinished(who.token, id);
      } finally {
        problems = await watch.stop();
      }
      expect(problems).toEqual([]);
      expect(failed.state).toBe("failed");
      expect(failed.report).toEqual({
        entriesRead: 0,
        pagesMade: 0,
        photosAttached: 0,
        daysMerged: { count: 0, items: [] },
        daysSkipped: { count: 0, items: [] },
        photosNotAttached: { count: 0, items: [] },
        filesIgnored: { count: 0, items: [] },
        problems: { count: 1, items: [{ file: "", message: IMPORT_NEEDED_TOO_MUCH_MEMORY_MESSAGE }] },
        locationsNotKept: { count: 0, items: [] },
        starsNotKept: { count: 0, items: [] },
      });
      // One line says so, with the import's id and nothing of its content.
      const lines = [testEnv.log, testEnv.secondLog]
        .flatMap((log) => fs.readFileSync(log, "utf8").split("\n"))
        .filter((l) => l.includes(failed.id));
      expect(lines).toEqual([
        `[jobs] The imports process was ended by SIGKILL, out of memory; the import it held (${failed.id}) was marked failed`,
      ]);
      expect(storedImports(who.user.id)).toEqual([]);
      expect(tempCopies(failed.id)).toEqual([]);

      // The next import goes on in a new process.
      const next = await uploadImport(who.token, await dayOneZip([{ name: "Journal.json", data: JOURNAL }]));
      expect(await importFinished(who.token, next.body.id)).toMatchObject({ state: "done", report: { pagesMade: 1 } });
    },
  );
});
