import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback that keeps every message it receives as a file in `dir`
// ({to, raw}), so tests in any process can read what an app instance mailed.
export async function startSmtpSink({ dir }: { dir: string }) {
  fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${randomUUID()}.json`);
        fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        fs.renameSync(`${file}.tmp`, file);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
