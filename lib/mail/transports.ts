import nodemailer from "nodemailer";
import { Resend } from "resend";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSettings {
  MAIL_FROM: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  SMTP_URL?: string;
}

export type Transport = { name: "resend" | "smtp" | "log"; send: (message: MailMessage) => Promise<void> };

/** Resend when it has a key, else SMTP when it has a URL, else the server log (docs/decisions/009). */
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
  return {
    name: "log",
    async send({ to, subject, text }) {
      // No provider configured: a person running Inkwell on a laptop reads the mail (and its link) here.
      console.info(`[mail] No mail provider configured; this message was not sent.\nTo: ${to}\nFrom: ${from}\nSubject: ${subject}\n\n${text}`);
    },
  };
}
