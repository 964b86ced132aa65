"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { BusyButton } from "@/components/ui/busy-button";
import { SwitchField } from "@/components/ui/switch-field";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { resetPassword, RESET_FAILED } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { PASSWORD_MIN } from "@/lib/validation/auth-limits";
import { checkNewPassword } from "@/lib/validation/form-checks";
import { PageLink } from "@/components/ui/page-link";
import { PASSWORD_RESET_MESSAGE } from "@/lib/auth/password-change-limits";

export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const t = useTranslations("auth.resetPassword");
  const router = useRouter();
  const { formProps, errors, busy } = useForm({
    values: (form) => {
      const data = new FormData(form);
      return { password: String(data.get("password") ?? ""), removePasskeys: data.get("removePasskeys") === "on" };
    },
    check: (v) => checkNewPassword(v.password),
    send: (fields) => resetPassword(resetToken, fields),
    onSuccess: () => {
      notify.success(PASSWORD_RESET_MESSAGE, { important: true });
      router.replace("/login");
    },
    onError: (error) => notify.error(error instanceof ApiError ? error.message : RESET_FAILED),
    busyAfterSuccess: true,
  });

  return (
    <div className="flex flex-col gap-6">
      <form {...formProps} className="flex flex-col gap-4" aria-label={t("formLabel")}>
        <TextField
          label={t("newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t("passwordHint", { count: PASSWORD_MIN })}
          required
          errors={errors.password}
        />
        <SwitchField
          name="removePasskeys"
          label={t("removePasskeys")}
          hint={t("removePasskeysHint")}
          defaultChecked={false}
        />
        <BusyButton type="submit" busy={busy} busyLabel={t("submitting")} className="w-full">
          {t("submit")}
        </BusyButton>
      </form>
      <p className="text-center text-sm text-ink-soft">
        <PageLink href="/login" className="font-semibold text-accent underline underline-offset-4">
          {t("backToLogin")}
        </PageLink>
      </p>
    </div>
  );
}
