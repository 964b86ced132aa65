import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoomHeading } from "@/components/me/room-heading";
import { ChangeEmailForm } from "@/components/security/change-email-form";
import { ChangePasswordForm } from "@/components/security/change-password-form";
import { DeleteAccount } from "@/components/security/delete-account";
import { DiaryLockCardOnDemand } from "@/components/lock/diary-lock-card-on-demand";
import { PasskeysCard } from "@/components/security/passkeys-card";
import { SessionsList } from "@/components/security/sessions-list";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { requirePageUser } from "@/lib/auth/current-user";
import { readTwoFactorState } from "@/lib/auth/two-factor";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { pageRead } from "@/lib/http/page-read";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.rooms"))("security.label") };
}

// The Security screen (docs/product.md "Security", docs/decisions/070).
async function SecurityPage() {
  const user = await requirePageUser();
  const twoFactor = await pageRead(readTwoFactorState({ db: getDb(), userId: user.id }));
  return (
    <>
      <RoomHeading href="/me/security" />
      <div className="flex flex-col gap-6">
        <SessionsList />
        <TwoFactorCard initiallyOn={twoFactor.on} hasPassword={twoFactor.hasPassword} />
        <PasskeysCard hasPassword={twoFactor.hasPassword} twoFactorOn={twoFactor.on} />
        <DiaryLockCardOnDemand
          owner={user.id}
          email={user.email}
          hasPassword={twoFactor.hasPassword}
          twoFactorOn={twoFactor.on}
        />
        <ChangePasswordForm />
        <ChangeEmailForm />
        {user.deletionDueAt ? null : (
          <DeleteAccount
            graceDays={config().ACCOUNT_DELETION_GRACE_DAYS}
            hasPassword={twoFactor.hasPassword}
            twoFactorOn={twoFactor.on}
          />
        )}
      </div>
    </>
  );
}

export default checkedPage(SecurityPage);
