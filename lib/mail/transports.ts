import nodemailer from "nodemailer";
import { Resend } from "resend";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a reminder's List-Unsubscribe (lib/reminders/mail.ts). */
  headers?: Record<string, string>;
}

export interface MailSettings {
  MAIL_FROM: string;
  APP_URL: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  SMTP_URL?: string;
}

export type Transport = { name: "resend" | "smtp" | "log"; send: (message: MailMessage) => Promise<void> };

/** What nodemailer's SMTP transport is given for SMTP_URL. */
type SmtpOptions = { host: string; port?: number; secure: boolean; auth?: { user: string; pass: string } } & Record<
  string,
  unknown
>;

/**
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`) read with the WHATWG URL parser, as
 * nodemailer's options. Given the URL itself, nodemailer reads it with Node's legacy `url.parse()`,
 * which Node deprecates (DEP0169) and warns of when the caller is outside node_modules, as
 * nodemailer is once bundled into the server's chunks. As nodemailer did, the user name and password are decoded and each
 * query parameter becomes an option (`?ignoreTLS=true`, `?tls.rejectUnauthorized=false`), numbers and
 * booleans as such.
 */
export function smtpOptions(smtpUrl: string): SmtpOptions {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  // An IPv6 host comes bracketed in a URL ("[::1]"), not in a socket's address.
  const options: SmtpOptions = { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), secure };
  if (url.port) options.port = Number(url.port);
  if (url.username) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, raw] of url.searchParams) {
    const value =
      raw === "true" ? true : raw === "false" ? false : raw !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    const [outer, inner] = key.split(".", 2) as [string, string | undefined];
    if (inner === undefined) options[outer] = value;
    else options[outer] = { ...((options[outer] as Record<string, unknown> | undefined) ?? {}), [inner]: value };
  }
  return options;
}

/** Resend when it has a key, else SMTP when it has a URL, else the server log (docs/decisions/009, 050). */
export function createTransport(settings: MailSettings): Transport {
  const from = settings.MAIL_FROM;
  if (settings.RESEND_API_KEY) {
    const resend = new Resend(settings.RESEND_API_KEY, { baseUrl: settings.RESEND_BASE_URL });
    return {
      name: "resend",
      async send(message) {
        // The SDK reports failures in `error` instead of throwing.
        const { error } = await resend.emails.send({ from, ...message });
        if (error) throw new Error(`Resend refused the message: ${error.message}`);
      },
    };
  }
  if (settings.SMTP_URL) {
    const smtp = nodemailer.createTransport(smtpOptions(settings.SMTP_URL));
    return {
      name: "smtp",
      async send(message) {
        await smtp.sendMail({ from, ...message });
      },
    };
  }
  // No provider configured. On a laptop (APP_URL on this machine) the person running Inkwell reads
  // the mail, and its link, in the log. Anywhere else a log must not hold reset or verification
  // tokens, so only the fact that nothing was sent is logged (docs/decisions/050).
  const local = isLoopback(settings.APP_URL);
  return {
    name: "log",
    async send({ to, subject, text }) {
      if (local)
        console.info(
          `[mail] No mail provider configured; this message was not sent.\nTo: ${to}\nFrom: ${from}\nSubject: ${subject}\n\n${text}`,
        );
      else console.warn(`[mail] No mail provider configured (RESEND_API_KEY or SMTP_URL): "${subject}" was not sent.`);
    },
  };
}

function isLoopback(appUrl: string): boolean {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
