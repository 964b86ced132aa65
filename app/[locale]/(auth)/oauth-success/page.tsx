import type { Metadata } from "next";
import { OAuthSuccess } from "@/components/auth/oauth-success";
import { AuthHeading } from "@/components/auth/auth-heading";

export const metadata: Metadata = { title: "Signing in" };

export default function OAuthSuccessPage() {
  return (
    <>
      <AuthHeading title="Signing in" subtitle="Opening your notebook." />
      <OAuthSuccess />
    </>
  );
}
