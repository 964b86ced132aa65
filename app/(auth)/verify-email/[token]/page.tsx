import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { VerifyEmail } from "@/components/auth/verify-email";
import { getPageUser } from "@/lib/auth/current-user";
import { describeVerificationLink } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Verify email" };

// The link of the verification mail. Reading the link's account here changes nothing: only the
// button does. Signed in to that account, one click confirms; otherwise its password does.
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getPageUser();
  const link = await describeVerificationLink({ db: getDb(), token, viewerId: user?.id ?? null });
  return (
    <>
      <AuthHeading title="Verify email" subtitle="Confirm that this email address is yours." />
      <VerifyEmail verifyToken={token} signedIn={user !== null} link={link ?? null} />
    </>
  );
}
