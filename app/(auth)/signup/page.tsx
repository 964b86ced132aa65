import type { Metadata } from "next";
import { SignupForm } from "@/components/auth/signup-form";
import { config } from "@/lib/config";
import { AuthHeading } from "@/components/auth/auth-heading";

export const metadata: Metadata = { title: "Sign Up" };

export default function SignupPage() {
  return (
    <>
      <AuthHeading title="Sign Up" subtitle="Start a private diary, one page a day." />
      <SignupForm allowedDomains={config().SIGNUP_EMAIL_DOMAINS} googleConfigured={config().GOOGLE_ENABLED} />
    </>
  );
}
