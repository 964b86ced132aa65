import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthHeading } from "@/components/auth/auth-heading";
import { UndoEmailChange } from "@/components/auth/undo-email-change";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.undoEmailChange"))("title") };
}

// The link mailed to the address a change left (docs/decisions/072). Nothing happens before the click.
export default async function UndoEmailChangePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("auth.undoEmailChange");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <UndoEmailChange token={token} />
    </>
  );
}
