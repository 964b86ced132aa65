import type { Metadata } from "next";
import Link from "next/link";
import { PageHeading } from "@/components/app/page-heading";
import { ChangeEmailForm } from "@/components/security/change-email-form";
import { ChangePasswordForm } from "@/components/security/change-password-form";
import { SessionsList } from "@/components/security/sessions-list";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Security" };

// The Security screen (docs/product.md "Security", docs/decisions/070).
export default async function SecurityPage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Security">Where your account is signed in, its password and its email address.</PageHeading>
      <div className="flex flex-col gap-6">
        <SessionsList />
        <ChangePasswordForm />
        <ChangeEmailForm />
        <Link href="/me" className="self-start text-sm font-semibold text-accent underline-offset-2 hover:underline">
          Back to your profile
        </Link>
      </div>
    </>
  );
}
