import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { ConfirmEmailChange } from "@/components/auth/confirm-email-change";

export const metadata: Metadata = { title: "Confirm your new address" };

// The link mailed to a new address (docs/decisions/072). Nothing happens before the click.
export default async function ChangeEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <AuthHeading title="Confirm your new address" subtitle="Move your Inkwell account to this email address." />
      <ConfirmEmailChange token={token} />
    </>
  );
}
