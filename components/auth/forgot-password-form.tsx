"use client";

import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { requestPasswordReset, FORGOT_FAILED } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { checkEmail } from "@/lib/validation/form-checks";
import { PageLink } from "@/components/ui/page-link";

export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgotPassword");
  const { formProps, errors, busy } = useForm({
    values: (form) => ({ email: String(new FormData(form).get("email") ?? "") }),
    check: (v) => checkEmail(v.email),
    send: requestPasswordReset,
    onSuccess: () => {
      notify.success(t("sent"));
      formProps.ref.current?.reset();
    },
    onError: (error) => notify.error(error instanceof ApiError ? error.message : FORGOT_FAILED),
  });

  return (
    <div className="flex flex-col gap-6">
      <form {...formProps} className="flex flex-col gap-4" aria-label={t("formLabel")}>
        <TextField label={t("email")} name="email" type="email" autoComplete="email" required errors={errors.email} />
        <BusyButton type="submit" busy={busy} busyLabel={t("submitting")} className="w-full">
          {t("submit")}
        </BusyButton>
      </form>
      <p className="text-center text-sm text-ink-soft">
        {t("remembered")}{" "}
        <PageLink href="/login" className="font-semibold text-accent underline underline-offset-4">
          {t("backToLogin")}
        </PageLink>
      </p>
    </div>
  );
}
