import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetPasswordMail } from "../../lib/auth/reset-mail";
import { createTransport, smtpOptions } from "../../lib/mail/transports";
import { resetLink, waitForMail } from "../support/mailbox";
import { startSmtpSink } from "../../scripts/test/smtp";

const FROM = "Inkwell <no-reply@inkwell.test>";
const message = resetPasswordMail({
  locale: "en",
  to: "ada@gmail.com",
  name: `Ada "<img src=x>" O'Neil`,
  username: "ada",
  link: "https://inkwell.test/reset-password/abc_DEF-123",
  minutes: 30,
});

describe("createTransport", () => {
  it("prefers Resend, then SMTP, then the server log", () => {
    expect(
      createTransport({
        APP_URL: "http://localhost:3000",
        MAIL_FROM: FROM,
        RESEND_API_KEY: "re_x",
        SMTP_URL: "smtp://127.0.0.1:1",
      }).name,
    ).toBe("resend");
    expect(
      createTransport({ APP_URL: "http://localhost:3000", MAIL_FROM: FROM, SMTP_URL: "smtp://127.0.0.1:1" }).name,
    ).toBe("smtp");
    expect(createTransport({ APP_URL: "http://localhost:3000", MAIL_FROM: FROM }).name).toBe("log");
  });
});

describe("SMTP_URL", () => {
  it("is read with the WHATWG URL parser into nodemailer's options, as nodemailer read it", () => {
    expect(smtpOptions("smtp://127.0.0.1:2525")).toEqual({ host: "127.0.0.1", port: 2525, secure: false });
    expect(smtpOptions("smtps://ada%40mail.example:p%3Ass%2Fw0rd@smtp.example.com:465")).toEqual({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      auth: { user: "ada@mail.example", pass: "p:ss/w0rd" },
    });
    expect(smtpOptions("smtp://[::1]/?ignoreTLS=true&tls.rejectUnauthorized=false&connectionTimeout=5000")).toEqual({
      host: "::1",
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
      connectionTimeout: 5000,
    });
  });
});

describe("the log transport (no provider configured)", () => {
  const message = {
    to: "ada@gmail.com",
    subject: "Reset your Inkwell password",
    text: "https://diary.example/reset-password/SECRET-TOKEN",
    html: "",
  };

  it("prints the mail and its link on a laptop (APP_URL on this machine)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    await createTransport({ APP_URL: "http://localhost:3000", MAIL_FROM: FROM }).send(message);
    expect(info.mock.calls.flat().join("\n")).toContain("SECRET-TOKEN");
    info.mockRestore();
  });

  it("never prints a link (a token) anywhere else", async () => {
    const spies = (["info", "warn", "log", "error"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    await createTransport({ APP_URL: "https://diary.example", MAIL_FROM: FROM }).send(message);
    const printed = spies.flatMap((s) => s.mock.calls.flat()).join("\n");
    expect(printed).toContain("was not sent");
    expect(printed).not.toContain("SECRET-TOKEN");
    for (const s of spies) s.mockRestore();
  });
});

describe("the reset mail", () => {
  it("says the same in text and HTML, with user data escaped in the HTML", () => {
    expect(message.subject).toBe("Reset your Inkwell password");
    expect(message.text).toContain(`Hi Ada "<img src=x>" O'Neil,`);
    expect(message.text).toContain("https://inkwell.test/reset-password/abc_DEF-123");
    expect(message.html).toContain("Hi Ada &quot;&lt;img src=x&gt;&quot; O&#39;Neil,");
    expect(message.html).not.toContain("<img");
    expect(message.html).toContain('href="https://inkwell.test/reset-password/abc_DEF-123"');
  });
});

describe("the SMTP transport", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink({ dir: fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-smtp-")) });
  });
  afterAll(async () => {
    await sink.stop();
    fs.rmSync(sink.dir, { recursive: true, force: true });
  });

  it("delivers both bodies to a real SMTP server, from MAIL_FROM", async () => {
    await createTransport({ APP_URL: "http://localhost:3000", MAIL_FROM: FROM, SMTP_URL: sink.url }).send(message);
    const mail = await waitForMail(sink.dir, "ada@gmail.com");
    expect(mail.to).toEqual(["ada@gmail.com"]);
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.subject).toBe("Reset your Inkwell password");
    expect(mail.text.trim()).toBe(message.text.trim());
    expect(mail.html).toContain("Hi Ada &quot;&lt;img src=x&gt;&quot; O&#39;Neil,");
    expect(resetLink(mail.text)).toBe("https://inkwell.test/reset-password/abc_DEF-123");
  });

  it("throws when the server cannot be reached", async () => {
    const closed = sink.url.replace(/:\d+$/, ":1");
    await expect(
      createTransport({ APP_URL: "http://localhost:3000", MAIL_FROM: FROM, SMTP_URL: closed }).send(message),
    ).rejects.toThrow();
  });
});

describe("the Resend transport", () => {
  const received: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  let status = 200;
  let server: http.Server;
  let baseUrl: string;
  // A local HTTP server standing in for the Resend API, as its SDK talks to it.
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = "";
      req.on("data", (c: Buffer) => (data += c.toString()));
      req.on("end", () => {
        received.push({
          path: `${req.method} ${req.url}`,
          auth: req.headers.authorization,
          body: JSON.parse(data) as Record<string, unknown>,
        });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          JSON.stringify(
            status === 200
              ? { id: "email_123" }
              : { name: "validation_error", message: "The from domain is not verified", statusCode: status },
          ),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("posts the message to Resend's /emails with the API key", async () => {
    status = 200;
    await createTransport({
      APP_URL: "http://localhost:3000",
      MAIL_FROM: FROM,
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: baseUrl,
    }).send(message);
    const last = received.at(-1)!;
    expect(last.path).toBe("POST /emails");
    expect(last.auth).toBe("Bearer re_test_key");
    expect(last.body).toMatchObject({
      from: FROM,
      to: "ada@gmail.com",
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(resetLink(String(last.body.text))).toBe("https://inkwell.test/reset-password/abc_DEF-123");
  });

  it("throws with Resend's message when it refuses", async () => {
    status = 422;
    await expect(
      createTransport({
        APP_URL: "http://localhost:3000",
        MAIL_FROM: FROM,
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: baseUrl,
      }).send(message),
    ).rejects.toThrow("The from domain is not verified");
  });
});
