import type { Metadata } from "next";
import Link from "next/link";
import { PageHeading } from "@/components/app/page-heading";
import { ChangeEmailForm } from "@/components/security/change-email-form";
import { ChangePasswordForm } from "@/components/security/change-password-form";
import { DeleteAccount } from "@/components/security/delete-account";
import { PasskeysCard } from "@/components/security/passkeys-card";
import { SessionsList } from "@/components/security/sessions-list";
import { requirePageUser } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/db/unavailable";
import { hasPassword } from "@/lib/users/account-deletion";

export const metadata: Metadata = { title: "Security" };

// The Security screen (docs/product.md "Security", docs/decisions/070).
export default async function SecurityPage() {
  const user = await requirePageUser();
  const withPassword = await pageRead(hasPassword({ db: getDb(), userId: user.id }));
  return (
    <>
      <PageHeading title="Security">Where your account is signed in, how it signs in, its email address, and leaving.</PageHeading>
      <div className="flex flex-col gap-6">
        <SessionsList />
        <PasskeysCard />
        <ChangePasswordForm />
        <ChangeEmailForm />
        {user.deletionDueAt ? null : <DeleteAccount graceDays={config().ACCOUNT_DELETION_GRACE_DAYS} hasPassword={withPassword} />}
        <Link href="/me" className="self-start text-sm font-semibold text-accent underline-offset-2 hover:underline">
          Back to your profile
        </Link>
      </div>
    </>
  );
}
