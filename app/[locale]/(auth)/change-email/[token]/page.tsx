import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthHeading } from "@/components/auth/auth-heading";
import { ConfirmEmailChange } from "@/components/auth/confirm-email-change";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.changeEmail"))("title") };
}

// The link mailed to a new address (docs/decisions/072). Nothing happens before the click.
export default async function ChangeEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("auth.changeEmail");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <ConfirmEmailChange token={token} />
    </>
  );
}
