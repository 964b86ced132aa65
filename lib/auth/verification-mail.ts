import { linkMail } from "@/lib/mail/link-mail";
import type { MailMessage } from "@/lib/mail/transports";

/** The mail that proves an address (docs/decisions/011). */
export function verifyEmailMail({ to, name, username, link, hours }: { to: string; name: string; username: string; link: string; hours: number }): MailMessage {
  return linkMail({
    to,
    name,
    link,
    subject: "Confirm your Inkwell email address",
    reason: `Someone (hopefully you) signed up for the Inkwell account @${username} with this email address.`,
    action: "Confirm that it is yours",
    deadline: `${hours} hours`,
    button: "Confirm my email address",
    ignore: "If you did not sign up, ignore this email and do not open the link: the account stays unconfirmed.",
  });
}
