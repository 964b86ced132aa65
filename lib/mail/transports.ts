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
    const smtp = nodemailer.createTransport(settings.SMTP_URL);
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
      if (local) console.info(`[mail] No mail provider configured; this message was not sent.\nTo: ${to}\nFrom: ${from}\nSubject: ${subject}\n\n${text}`);
      else console.warn(`[mail] No mail provider configured (RESEND_API_KEY or SMTP_URL): "${subject}" was not sent.`);
    },
  };
}

function isLoopback(appUrl: string): boolean {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
