"use client";

import { GoogleStepUpNote } from "./google-step-up-note";
import { useState } from "react";
import Link from "next/link";
import { useEndSession } from "@/components/app/use-end-session";
import { buttonClass } from "@/components/ui/button-styles";
import { BusyButton } from "@/components/ui/busy-button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { formatDeletionDay } from "@/lib/dates/deletion-day";
import { Refusal } from "@/client/refusals";
import { deleteAccount } from "@/client/security";
import { notify } from "@/client/toasts";
import { checkFilled } from "@/lib/validation/form-checks";
import { ACCOUNT_DELETION_SCHEDULED_MESSAGE } from "@/lib/contract/messages";

export interface DeleteAccountProps {
  graceDays: number;
  hasPassword: boolean;
  twoFactorOn: boolean;
}

/**
 * "Delete your account" on the Security screen (docs/product.md "Security", docs/decisions/075):
 * nothing goes at once; the dialog says when it will, and asks for the password (a Google-only
 * account proves itself by a fresh Google sign-in instead).
 */
export function DeleteAccount({ graceDays, hasPassword, twoFactorOn }: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  const when = graceDays === 0 ? "within the hour" : `${graceDays} day${graceDays === 1 ? "" : "s"} after you ask`;
  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-danger/40 bg-surface p-5 shadow-sm">
      <h2 id="delete-heading" className="font-serif text-xl font-semibold text-leather">
        Delete your account
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Everything you wrote, your photos, hearts, friends and messages are deleted {when}. Until then, signing in lets
        you cancel. Want a copy first?{" "}
        <Link href="/me/data" className="font-semibold text-accent underline underline-offset-2">
          Export everything
        </Link>
        .
      </p>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass("danger", "mt-4")}>
        Delete my account…
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Delete your account?">
        {open ? (
          <DeleteAccountForm
            when={when}
            hasPassword={hasPassword}
            twoFactorOn={twoFactorOn}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </ModalDialog>
    </section>
  );
}

interface DeleteAccountFormProps {
  when: string;
  hasPassword: boolean;
  twoFactorOn: boolean;
  onCancel: () => void;
}

function DeleteAccountForm({ when, hasPassword, twoFactorOn, onCancel }: DeleteAccountFormProps) {
  const endSession = useEndSession();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ ...(hasPassword ? { password } : {}), ...(code ? { code } : {}) }),
    check: (v) => [
      ...(hasPassword ? checkFilled("password", "Password", v.password ?? "") : []),
      ...(twoFactorOn ? checkFilled("code", "Code", v.code ?? "", { trim: true }) : []),
    ],
    send: deleteAccount,
    busyAfterSuccess: true,
    onSuccess: (deletionDueAt) => {
      notify.info(ACCOUNT_DELETION_SCHEDULED_MESSAGE, {
        description: `On ${formatDeletionDay(deletionDueAt)}. Sign in before then to cancel.`,
        closable: true,
        duration: 10_000,
      });
      endSession({ dropDrafts: true, refused: false });
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        You will be signed out everywhere. Your account and everything in it will be deleted {when}; sign in before then
        to cancel.
      </p>
      {hasPassword ? (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={errors.password}
        />
      ) : (
        <GoogleStepUpNote />
      )}
      {/* Also when two-factor sign-in was turned on since this page was drawn: the server asks for the code. */}
      {twoFactorOn || errors.code ? (
        <TextField
          label="Code from your authenticator app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={errors.code}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className={buttonClass("secondary")}
          {...(hasPassword ? {} : { "data-autofocus": true })}
        >
          Keep my account
        </button>
        <BusyButton type="submit" variant="danger" busy={busy} busyLabel="Deleting…">
          Delete my account
        </BusyButton>
      </div>
    </form>
  );
}
