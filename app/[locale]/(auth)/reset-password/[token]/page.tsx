import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { AuthHeading } from "@/components/auth/auth-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.resetPassword"))("title") };
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("auth.resetPassword");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <ResetPasswordForm resetToken={token} />
    </>
  );
}
