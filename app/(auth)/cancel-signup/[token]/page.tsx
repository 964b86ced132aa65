import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { CancelSignup } from "@/components/auth/cancel-signup";
import { describeVerificationLink } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Cancel a sign-up" };

// "This wasn't me" in the verification mail (docs/decisions/011). Nothing happens before the click.
export default async function CancelSignupPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await describeVerificationLink({ db: getDb(), token, viewerId: null });
  return (
    <>
      <AuthHeading title="Not your sign-up?" subtitle="Take your email address back." />
      <CancelSignup cancelToken={token} username={link?.username ?? null} />
    </>
  );
}
