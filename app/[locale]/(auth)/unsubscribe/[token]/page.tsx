import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { unlessUnavailable } from "@/components/app/database-unavailable";
import { AuthHeading } from "@/components/auth/auth-heading";
import { UnsubscribeReminders } from "@/components/reminders/unsubscribe";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";
import { NotFoundError } from "@/lib/errors";
import { verifyUnsubscribeToken } from "@/lib/reminders/unsubscribe";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.unsubscribe"))("title") };
}

// "Stop these reminders" in a reminder mail (docs/decisions/061). Reading the link changes
// nothing: only the button does. A link we did not sign is a 404.
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  return unlessUnavailable(async () => {
    const { token } = await params;
    const valid = await pageRead(
      verifyUnsubscribeToken({ db: getDb(), token }).then(
        () => true,
        (err: unknown) => {
          if (err instanceof NotFoundError) return false;
          throw err;
        },
      ),
    );
    if (!valid) notFound();
    const t = await getTranslations("auth.unsubscribe");
    return (
      <>
        <AuthHeading title={t("title")} subtitle={t("subtitle")} />
        <UnsubscribeReminders token={token} />
      </>
    );
  });
}
