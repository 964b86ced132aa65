import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { VerifyEmail } from "@/components/auth/verify-email";
import { getPageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Verify email" };

// The link of the verification mail. Works signed in or not; the way on depends on which.
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getPageUser();
  return (
    <>
      <AuthHeading title="Verify email" subtitle="Confirm that this email address is yours." />
      <VerifyEmail verifyToken={token} signedIn={user !== null} />
    </>
  );
}
