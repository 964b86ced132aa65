import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { config } from "@/lib/config";
import { AuthHeading } from "@/components/auth/auth-heading";

export const metadata: Metadata = { title: "Login" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  const { error } = await searchParams;
  return (
    <>
      <AuthHeading title="Login" subtitle="Welcome back. Your diary is waiting." />
      <LoginForm googleConfigured={config().GOOGLE_ENABLED} error={typeof error === "string" ? error : undefined} />
    </>
  );
}
