import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { config } from "@/lib/config";
import { AuthHeading } from "@/components/auth/auth-heading";
import { SESSION_ENDED_MESSAGE, SESSION_ENDED_REASON } from "@/lib/auth/session-limits";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.login"))("title") };
}

type Params = { error?: string | string[]; reason?: string | string[] };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { error, reason } = await searchParams;
  const t = await getTranslations("auth.login");
  return (
    <>
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      {/* A session refused on a page (lib/auth/current-user.ts, components/app/use-end-session.ts): why this browser is here (docs/decisions/098). */}
      {reason === SESSION_ENDED_REASON ? (
        <p role="status" className="mb-6 rounded-md border border-accent/50 bg-surface p-3 text-sm text-ink">
          {SESSION_ENDED_MESSAGE}
        </p>
      ) : null}
      <LoginForm googleConfigured={config().GOOGLE_ENABLED} error={typeof error === "string" ? error : undefined} />
    </>
  );
}
