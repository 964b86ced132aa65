import type { Metadata } from "next";
import { connection } from "next/server";
import { SignupForm } from "@/components/auth/signup-form";
import { config } from "@/lib/config";
import { AuthHeading } from "@/components/auth/auth-heading";

export const metadata: Metadata = { title: "Sign Up" };

// Rendered per request: the allowed domains and Google are settings read when the server starts,
// not when the app was built (docs/style.md 8, docs/decisions/084).
export default async function SignupPage() {
  await connection();
  return (
    <>
      <AuthHeading title="Sign Up" subtitle="Start a private diary, one page a day." />
      <SignupForm allowedDomains={config().SIGNUP_EMAIL_DOMAINS} googleConfigured={config().GOOGLE_ENABLED} />
    </>
  );
}
