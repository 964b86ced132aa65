"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { signUp, type SignUpFields } from "@/client/auth";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { setToken } from "@/client/token";
import { PASSWORD_MIN, signupDomainHint } from "@/lib/validation/auth-limits";
import { checkName, checkNewPassword, checkSignupEmail, checkUsername } from "@/lib/validation/form-checks";
import { Divider } from "./divider";
import { GoogleButton } from "./google-button";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";
import { PageLink } from "@/components/ui/page-link";
import { SOMETHING_WENT_WRONG } from "@/lib/errors";

const text = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/** `allowedDomains` comes from the server's SIGNUP_EMAIL_DOMAINS, so this check matches the API's. */
export function SignupForm({
  allowedDomains,
  googleConfigured,
}: {
  allowedDomains: string[];
  googleConfigured: boolean;
}) {
  useRedirectIfSignedIn();
  const t = useTranslations("auth.signup");
  const router = useRouter();
  const { formProps, errors, busy } = useForm({
    values: (form): SignUpFields => ({
      name: text(form, "name"),
      username: text(form, "username"),
      email: text(form, "email"),
      password: text(form, "password"),
    }),
    // An address at another domain is refused beside its field before any request (docs/product.md §5).
    check: (v) => [
      ...checkName(v.name),
      ...checkUsername(v.username),
      ...checkSignupEmail(v.email, allowedDomains),
      ...checkNewPassword(v.password),
    ],
    send: signUp,
    // Signed in at once (the answer's token and session cookie): on to the dashboard, whose
    // banner asks for the address to be confirmed (docs/decisions/011).
    onSuccess: (token) => {
      setToken(token);
      notify.success(t("welcome"), { description: t("welcomeText") });
      router.replace("/dashboard");
    },
    // Only what no field says (too many sign-ups, the network): a refused field is said beside it.
    onError: (error) =>
      notify.error(t("failed"), {
        description: error instanceof ApiError ? error.message : SOMETHING_WENT_WRONG,
        closable: true,
      }),
    busyAfterSuccess: true,
  });

  return (
    <div className="flex flex-col gap-6">
      <form {...formProps} className="flex flex-col gap-4" aria-label={t("formLabel")}>
        <TextField label={t("name")} name="name" autoComplete="name" required errors={errors.name} />
        <TextField
          label={t("username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          errors={errors.username}
        />
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="email"
          hint={signupDomainHint(allowedDomains)}
          required
          errors={errors.email}
        />
        <TextField
          label={t("password")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t("passwordHint", { count: PASSWORD_MIN })}
          required
          errors={errors.password}
        />
        <BusyButton type="submit" busy={busy} busyLabel={t("submitting")} className="w-full">
          {t("submit")}
        </BusyButton>
      </form>
      <Divider />
      <GoogleButton configured={googleConfigured} label={t("google")} />
      <p className="text-center text-sm text-ink-soft">
        {t("haveAccount")}{" "}
        <PageLink href="/login" className="font-semibold text-accent underline underline-offset-4">
          {t("login")}
        </PageLink>
      </p>
    </div>
  );
}
