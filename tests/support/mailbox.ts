import fs from "node:fs";
import path from "node:path";

export interface ReceivedMail {
  to: string[];
  headers: Record<string, string>;
  text: string;
  html: string;
}

function decodePart(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** A header's RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes a subject that is not ASCII, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString(charset.toLowerCase() === "utf-8" ? "utf8" : "latin1")
        : decodePart(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  const head = block.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: block.slice(at).replace(/^\r?\n\r?\n/, "") };
}

/** The text and HTML bodies of a MIME message as nodemailer writes it (multipart/alternative or a single part). */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = { to, headers, text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitHeaders) : [{ headers, body }];
  for (const part of parts) {
    const decoded = decodePart(part.body.replace(/\r?\n$/, ""), part.headers["content-transfer-encoding"]).replace(
      /\r\n/g,
      "\n",
    );
    if (part.headers["content-type"]?.startsWith("text/html")) mail.html = decoded;
    else if (part.headers["content-type"]?.startsWith("text/plain")) mail.text = decoded;
  }
  return mail;
}

/**
 * Resolves with what `found` returns once it returns something, checked now and again whenever
 * `watched` (a file, or a folder such as a mail sink's) changes: an event, not a clock, so only the
 * test's own timeout bounds the wait, however slow the machine.
 */
export function whenFound<T>(watched: string, found: () => T | undefined | null | false): Promise<T> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(watched, () => check());
    watcher.unref();
    function check() {
      try {
        const value = found();
        if (!value) return;
        watcher.close();
        resolve(value);
      } catch (err) {
        watcher.close();
        reject(err);
      }
    }
    check();
  });
}

/** Waits for the message that the SMTP sink in `dir` received for `to` (mail goes out after the answer). */
export function waitForMail(dir: string, to: string): Promise<ReceivedMail> {
  return whenFound(dir, () => mailsFor(dir, to)[0]);
}

/** Waits until the sink in `dir` has received `count` messages for `to`, and returns them all. */
export function waitForMails(dir: string, to: string, count: number): Promise<ReceivedMail[]> {
  return whenFound(dir, () => {
    const mails = mailsFor(dir, to);
    return mails.length >= count && mails;
  });
}

/** Every message the sink in `dir` received for `to` so far, oldest first. */
export function mailsFor(dir: string, to: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => parseMail(m.raw, m.to));
}

/** How many messages the sink in `dir` received for `to` so far. */
export function countMail(dir: string, to: string): number {
  return mailsFor(dir, to).length;
}

/** The reset link in a message: `${APP_URL}/reset-password/<token>`. */
export function resetLink(text: string): string {
  const match = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`No reset link in:\n${text}`);
  return match[0];
}

/** The verification link in a message: `<APP_URL or an allowed origin>/verify-email/<token>`. */
export function verifyLink(text: string): string {
  const match = /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`No verification link in:\n${text}`);
  return match[0];
}

/** The "This wasn't me" link of a verification mail: `<APP_URL or an allowed origin>/cancel-signup/<token>`. */
export function cancelLink(text: string): string {
  const match = /https?:\/\/\S+\/cancel-signup\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`No cancel link in:\n${text}`);
  return match[0];
}
