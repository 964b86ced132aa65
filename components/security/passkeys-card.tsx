"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { SecondFactorField } from "./second-factor-field";
import { useForm } from "@/components/ui/use-form";
import {
  PROMPT_CLOSED,
  addPasskey,
  passkeyKeys,
  passkeysQuery,
  removePasskey,
  renamePasskey,
  type PasskeyInfo,
} from "@/client/passkeys";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { RelativeTime } from "@/components/app/relative-time";
import { PASSKEY_NAME_MAX } from "@/lib/validation/passkey-limits";
import { checkFilled } from "@/lib/validation/form-checks";
import { PASSKEY_RENAMED_MESSAGE } from "@/lib/contract/messages";

/**
 * "Passkeys" on the Security screen (docs/product.md "Security", docs/decisions/079): the account's
 * passkeys by name, each renamed or removed; "Add a passkey" asks the browser to make one.
 */
export function PasskeysCard({ hasPassword, twoFactorOn }: { hasPassword: boolean; twoFactorOn: boolean }) {
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  // WebAuthn is the browser's to say: until hydrated the button shows, as the server drew it.
  const supported = !useHydrated() || typeof window.PublicKeyCredential === "function";
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  // A new passkey asks who is there first (docs/decisions/096): the password, and a code when two factors are on.
  const [proving, setProving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const added = (passkey: PasskeyInfo) => {
    queryClient.setQueryData<PasskeyInfo[]>(passkeyKeys.all, (list) => [...(list ?? []), passkey]);
    notify.success(`Passkey added: ${passkey.name}`, { important: true });
  };
  // An account with nothing to type (Google only, two factors off) proves it by a recent sign-in.
  const add = useMutation({
    mutationFn: () => addPasskey({}),
    onSuccess: added,
    onError: (error) => (error.message === PROMPT_CLOSED ? notify.info(PROMPT_CLOSED) : notify.error(error.message)),
  });
  const remove = useMutation({
    mutationFn: (p: PasskeyInfo) => removePasskey(p.id),
    onSuccess: (_, p) => {
      setRemoving(null);
      queryClient.setQueryData<PasskeyInfo[]>(passkeyKeys.all, (list) => list?.filter((x) => x.id !== p.id));
      notify.success(`${p.name} no longer signs in`, { important: true });
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <section
      aria-labelledby="passkeys-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="passkeys-heading" ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold text-leather">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Sign in with your fingerprint, face or device PIN instead of a password, without typing your username.
      </p>
      {passkeys.isPending ? (
        <p role="status" className="mt-2 text-sm text-ink-soft">
          Loading…
        </p>
      ) : passkeys.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-danger">{passkeys.error.message}</span>
          <button
            type="button"
            onClick={() => void passkeys.refetch()}
            className="font-semibold text-accent underline-offset-2 hover:underline"
          >
            Retry
          </button>
        </div>
      ) : passkeys.data.length ? (
        <ul className="mt-3 flex flex-col divide-y divide-ink-soft/15">
          {passkeys.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 py-3">
              <KeyRound aria-hidden className="size-6 shrink-0 text-ink-soft" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold break-words text-ink">
                  {p.name}
                  {p.synced ? (
                    <span className="ml-2 rounded bg-accent/15 px-1.5 py-0.5 text-xs font-semibold text-ink">
                      Synced
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-ink-soft">
                  Added <RelativeTime iso={p.createdAt} inSentence /> ·{" "}
                  {p.lastUsedAt ? (
                    <>
                      last used <RelativeTime iso={p.lastUsedAt} inSentence />
                    </>
                  ) : (
                    "not used yet"
                  )}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => setRenaming(p)}
                  className="min-h-11 rounded-md px-2 text-sm font-semibold text-accent underline-offset-2 hover:underline"
                  aria-label={`Rename ${p.name}`}
                >
                  Rename
                </button>
                <button
                  type="button"
                  onClick={() => setRemoving(p)}
                  className="min-h-11 rounded-md px-2 text-sm font-semibold text-danger underline-offset-2 hover:underline"
                  aria-label={`Remove ${p.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-soft">No passkeys yet.</p>
      )}
      {supported ? (
        <BusyButton
          type="button"
          variant="secondary"
          busy={add.isPending}
          busyLabel="Waiting for your device…"
          onClick={() => (hasPassword || twoFactorOn ? setProving(true) : add.mutate())}
          className="mt-3"
        >
          <KeyRound aria-hidden className="size-4" />
          Add a passkey
        </BusyButton>
      ) : (
        <p className="mt-3 text-sm text-ink-soft">This browser cannot make passkeys.</p>
      )}
      <ModalDialog open={proving} onClose={() => setProving(false)} title="Confirm it is you">
        {proving ? (
          <ProofForm
            hasPassword={hasPassword}
            twoFactorOn={twoFactorOn}
            onAdded={(passkey) => {
              setProving(false);
              added(passkey);
            }}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog open={renaming !== null} onClose={() => setRenaming(null)} title="Rename passkey">
        {renaming ? <RenameForm passkey={renaming} onDone={() => setRenaming(null)} /> : null}
      </ModalDialog>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? "the passkey"}?`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        focusWhenOpenerGone={() => heading.current}
      >
        It will no longer sign you in. The device may keep it until you delete it there too.
      </ConfirmDialog>
    </section>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyInfo; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name);
  const { formProps, errors, busy } = useForm({
    values: () => ({ name }),
    check: (v) => checkFilled("name", "Name", v.name, { trim: true }),
    send: (v) => renamePasskey(passkey.id, v),
    onSuccess: (renamed) => {
      queryClient.setQueryData<PasskeyInfo[]>(passkeyKeys.all, (list) =>
        list?.map((x) => (x.id === renamed.id ? renamed : x)),
      );
      notify.success(PASSKEY_RENAMED_MESSAGE);
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <TextField
        label="Name"
        name="name"
        required
        maxLength={PASSKEY_NAME_MAX}
        data-autofocus
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={errors.name}
      />
      <div className="flex justify-end gap-2">
        <BusyButton type="submit" busy={busy} busyLabel="Saving…">
          Save
        </BusyButton>
      </div>
    </form>
  );
}

interface ProofFormProps {
  hasPassword: boolean;
  twoFactorOn: boolean;
  onAdded: (passkey: PasskeyInfo) => void;
}

/** The password and, with two factors on, a code; then the browser makes the passkey. A refused one shows beside its field. */
function ProofForm({ hasPassword, twoFactorOn, onAdded }: ProofFormProps) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // Two-factor sign-in may have been turned on since the page was drawn: the server's refusal says so.
  const [askCode, setAskCode] = useState(twoFactorOn);
  // Why the last try failed, when no field says it (the browser refused this address, too many
  // tries): in the dialog, where the eyes are, rather than a toast behind it.
  const [problem, setProblem] = useState<string | null>(null);
  const { formProps, errors, busy } = useForm({
    values: () => ({ ...(hasPassword ? { password } : {}), ...(askCode ? { code: code.trim() } : {}) }),
    check: (v) => [
      ...(hasPassword ? checkFilled("password", "Password", v.password ?? "") : []),
      ...(askCode ? checkFilled("code", "Code", v.code ?? "") : []),
    ],
    send: (proof) => {
      setProblem(null);
      return addPasskey(proof);
    },
    onSuccess: onAdded,
    onError: (error) => {
      if (error instanceof Refusal && error.fieldErrors.some((f) => f.path === "code")) setAskCode(true);
      else if (error.message === PROMPT_CLOSED) notify.info(PROMPT_CLOSED);
      else if (!(error instanceof Refusal && error.fieldErrors.length)) setProblem(error.message);
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        A passkey signs in without your password, so we ask first. Your address gets a notice.
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
      ) : null}
      {askCode ? (
        <SecondFactorField
          {...(hasPassword ? {} : { "data-autofocus": true })}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={errors.code}
        />
      ) : null}
      <p role="alert" className={problem ? "text-sm font-semibold text-danger" : "sr-only"}>
        {problem}
      </p>
      <div className="flex justify-end gap-2">
        <BusyButton type="submit" busy={busy} busyLabel="Waiting for your device…">
          Continue
        </BusyButton>
      </div>
    </form>
  );
}
