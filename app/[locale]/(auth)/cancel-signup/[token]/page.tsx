import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { AuthHeading } from "@/components/auth/auth-heading";
import { CancelSignup } from "@/components/auth/cancel-signup";
import { describeVerificationLink } from "@/lib/auth/email-verification";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.cancelSignup"))("title") };
}

// "This wasn't me" in the verification mail (docs/decisions/011). Nothing happens before the click.
export default async function CancelSignupPage({ params }: { params: Promise<{ token: string }> }) {
  return unlessUnavailable(async () => {
    const { token } = await params;
    const link = await pageRead(describeVerificationLink({ db: getDb(), token, viewerId: null }));
    const t = await getTranslations("auth.cancelSignup");
    return (
      <>
        <AuthHeading title={t("heading")} subtitle={t("subtitle")} />
        <CancelSignup cancelToken={token} username={link?.username ?? null} />
      </>
    );
  });
}
