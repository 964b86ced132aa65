"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { myProfileQuery } from "@/client/me";
import { Refusal } from "@/client/refusals";
import { requestEmailChange } from "@/client/security";
import { notify } from "@/client/toasts";
import { checkEmail, checkFilled } from "@/lib/validation/form-checks";

/**
 * "Email address" on the Security screen (docs/product.md "Security", docs/decisions/072): the
 * current address, and a new one with the password; a link goes to the new address and nothing
 * changes until it is opened.
 */
export function ChangeEmailForm() {
  const profile = useQuery(myProfileQuery());
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formProps, errors, busy } = useForm({
    values: () => ({ newEmail: newEmail.trim(), password }),
    check: (v) => [
      ...checkEmail(v.newEmail).map((i) => ({ ...i, path: "newEmail" })),
      ...checkFilled("password", "Password", v.password),
    ],
    send: requestEmailChange,
    onSuccess: (_, v) => {
      setSentTo(v.newEmail);
      setNewEmail("");
      setPassword("");
      notify.success(`Check ${v.newEmail} for a link to confirm it`, { important: true });
    },
    // A refused field shows beside it; anything else (too many tries, the network) is a toast.
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });

  return (
    <section aria-labelledby="email-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="email-heading" className="font-serif text-xl font-semibold text-leather">
        Email address
      </h2>
      <p className="mt-1 text-sm break-words text-ink-soft">
        {profile.data ? (
          <>
            Now: <strong className="font-semibold text-ink">{profile.data.email}</strong>.{" "}
          </>
        ) : null}
        A link goes to the new address; nothing changes until you open it, and this address is told.
      </p>
      {sentTo ? (
        <p role="status" className="mt-2 text-sm break-words text-ink">
          Waiting for you to open the link sent to <strong className="font-semibold">{sentTo}</strong>.
        </p>
      ) : null}
      <form {...formProps} className="mt-4 flex max-w-md flex-col gap-4">
        <TextField
          label="New email address"
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          errors={errors.newEmail}
        />
        <TextField
          id="field-email-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={errors.password}
        />
        <BusyButton type="submit" busy={busy} busyLabel="Sending…" className="self-start">
          Send the link
        </BusyButton>
      </form>
    </section>
  );
}
