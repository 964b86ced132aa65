import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthHeading } from "@/components/auth/auth-heading";
import { NotMe } from "@/components/auth/not-me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.notMe"))("title") };
}

// The link in the notice of a new way in (docs/decisions/101). Nothing happens before the click.
export default async function NotMePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("auth.notMe");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <NotMe token={token} />
    </>
  );
}
