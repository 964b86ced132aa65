import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { OAuthSuccess } from "@/components/auth/oauth-success";
import { AuthHeading } from "@/components/auth/auth-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.oauthSuccess"))("title") };
}

export default function OAuthSuccessPage() {
  const t = useTranslations("auth.oauthSuccess");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <OAuthSuccess />
    </>
  );
}
