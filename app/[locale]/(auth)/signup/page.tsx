import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { SignupForm } from "@/components/auth/signup-form";
import { config } from "@/lib/config";
import { AuthHeading } from "@/components/auth/auth-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signup"))("title") };
}

// Rendered per request: the allowed domains and Google are settings read when the server starts,
// not when the app was built (docs/style.md 8, docs/decisions/084).
export default async function SignupPage() {
  await connection();
  const t = await getTranslations("auth.signup");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <SignupForm allowedDomains={config().SIGNUP_EMAIL_DOMAINS} googleConfigured={config().GOOGLE_ENABLED} />
    </>
  );
}
