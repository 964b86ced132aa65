import "server-only";
import { config } from "@/lib/config";
import { createTransport, type MailMessage, type Transport } from "./transports";

let transport: Transport | undefined;

/** Sends one message through the configured transport (Resend, SMTP or the server log). Throws on failure. */
export async function sendMail(message: MailMessage): Promise<void> {
  transport ??= createTransport(config());
  await transport.send(message);
}
