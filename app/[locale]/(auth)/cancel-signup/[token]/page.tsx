import type { Metadata } from "next";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { AuthHeading } from "@/components/auth/auth-heading";
import { CancelSignup } from "@/components/auth/cancel-signup";
import { describeVerificationLink } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";

export const metadata: Metadata = { title: "Cancel a sign-up" };

// "This wasn't me" in the verification mail (docs/decisions/011). Nothing happens before the click.
export default async function CancelSignupPage({ params }: { params: Promise<{ token: string }> }) {
  return unlessUnavailable(async () => {
    const { token } = await params;
    const link = await pageRead(describeVerificationLink({ db: getDb(), token, viewerId: null }));
    return (
      <>
        <AuthHeading title="Not your sign-up?" subtitle="Take your email address back." />
        <CancelSignup cancelToken={token} username={link?.username ?? null} />
      </>
    );
  });
}
