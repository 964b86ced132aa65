import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { AuthHeading } from "@/components/auth/auth-heading";
import { VerifyEmail } from "@/components/auth/verify-email";
import { getPageUser } from "@/lib/auth/current-user";
import { describeVerificationLink, unusableLinkMessage } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verifyEmail"))("title") };
}

// The link of the verification mail. Reading the link's account here changes nothing: only the
// button does. Signed in to that account, one click confirms; otherwise its password does.
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  return unlessUnavailable(async () => {
    const { token } = await params;
    const user = await getPageUser();
    const link = await pageRead(describeVerificationLink({ db: getDb(), token, viewerId: user?.id ?? null }));
    // A link that cannot be used says why: one opened again after it verified the address is no fault.
    const refusal = link ? null : await pageRead(unusableLinkMessage({ db: getDb(), token }));
    const t = await getTranslations("auth.verifyEmail");
    return (
      <>
        <AuthHeading title={t("title")} subtitle={t("subtitle")} />
        <VerifyEmail verifyToken={token} signedIn={user !== null} link={link ?? null} refusal={refusal} />
      </>
    );
  });
}
