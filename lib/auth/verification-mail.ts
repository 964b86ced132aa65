import { linkMail } from "@/lib/mail/link-mail";
import type { MailMessage } from "@/lib/mail/transports";

/**
 * The mail that proves an address (docs/decisions/011). Whoever reads it may not be who signed
 * up: it says so, and its second link cancels the sign-up ("This wasn't me").
 */
export function verifyEmailMail({
  to,
  name,
  username,
  link,
  cancelLink,
  hours,
}: {
  to: string;
  name: string;
  username: string;
  link: string;
  cancelLink: string;
  hours: number;
}): MailMessage {
  return linkMail({
    to,
    name,
    link,
    subject: "Confirm your Inkwell email address",
    reason: `Someone (hopefully you) signed up for the Inkwell account @${username} with this email address.`,
    action: "Confirm that it is yours",
    deadline: `${hours} hours`,
    button: "Confirm my email address",
    ignore: "If you did not sign up, someone else typed your address: do not confirm it.",
    decline: {
      text: "Cancel that sign-up instead: the account is deleted and your address is free again.",
      button: "This wasn't me",
      link: cancelLink,
    },
  });
}
