import { linkMail } from "@/lib/mail/link-mail";
import type { MailMessage } from "@/lib/mail/transports";

/** The password-reset mail. */
export function resetPasswordMail({
  to,
  name,
  username,
  link,
  minutes,
}: {
  to: string;
  name: string;
  username: string;
  link: string;
  minutes: number;
}): MailMessage {
  return linkMail({
    to,
    name,
    link,
    subject: "Reset your Inkwell password",
    reason: `Someone (hopefully you) asked to reset the password of the Inkwell account @${username}.`,
    action: "Choose a new password",
    deadline: `${minutes} minutes`,
    button: "Choose a new password",
    ignore: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
}
