import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { AuthHeading } from "@/components/auth/auth-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.forgotPassword"))("title") };
}

export default function ForgotPasswordPage() {
  const t = useTranslations("auth.forgotPassword");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <ForgotPasswordForm />
    </>
  );
}
