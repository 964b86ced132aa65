"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Download, FileText } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { StepUpFields } from "@/components/security/step-up-fields";
import { NewPassphraseFields } from "./passphrase-fields";
import { journalKeys } from "@/client/journals";
import type { NewLock } from "@/client/lock/actions";
import { keepKeyForThisTab, lockChanged } from "@/client/lock/state";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { saveBlob } from "@/client/save-file";
import { checkFilled } from "@/lib/validation/form-checks";
import {
  PASSPHRASE_LONG_MESSAGE,
  PASSPHRASE_MAX,
  PASSPHRASE_MIN,
  PASSPHRASE_MISMATCH_MESSAGE,
  PASSPHRASE_SHORT_MESSAGE,
} from "@/lib/validation/lock-limits";
import type { FieldIssue } from "@/lib/errors";

type Step =
  | { at: "passphrase" }
  | { at: "recovery"; passphrase: string; lock: NewLock }
  | { at: "confirm"; passphrase: string; lock: NewLock };

interface Props {
  owner: string;
  email: string;
  hasPassword: boolean;
  twoFactorOn: boolean;
}

/**
 * "Lock my private pages" (docs/diary-lock.md): a passphrase (typed twice), the recovery key shown
 * once (to save as a text file or a PDF, and its last group typed back), then the account's password
 * (and code) to turn the lock on. The secret and the recovery key live in this dialog's memory only
 * until they are sent wrapped; closing the dialog before the end turns nothing on.
 */
export function TurnOnLock(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass("primary", "mt-4")}>
        Lock my private pages…
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Lock your private pages">
        {open ? <TurnOnSteps {...props} onDone={() => setOpen(false)} /> : null}
      </ModalDialog>
    </>
  );
}

function TurnOnSteps({ onDone, ...props }: Props & { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ at: "passphrase" });
  if (step.at === "passphrase")
    return (
      <PassphraseStep onCancel={onDone} onNext={(passphrase, lock) => setStep({ at: "recovery", passphrase, lock })} />
    );
  if (step.at === "recovery")
    return (
      <RecoveryStep
        email={props.email}
        lock={step.lock}
        onBack={() => setStep({ at: "passphrase" })}
        onNext={() => setStep({ ...step, at: "confirm" })}
      />
    );
  return <ConfirmStep {...props} passphrase={step.passphrase} lock={step.lock} onDone={onDone} />;
}

export const WARNING = (
  <p className="rounded-md border border-danger/40 bg-paper p-3 text-sm text-ink">
    <strong className="font-semibold">Keep them safe.</strong> If you lose your passphrase and your recovery key, your
    locked pages are gone for good: nobody can open them, Inkwell included.
  </p>
);

/** A new passphrase and its repetition, checked here only (the server never sees it). */
export function checkPassphrase(passphrase: string, repeated: string): FieldIssue[] {
  const length = [...passphrase].length;
  if (length < PASSPHRASE_MIN) return [{ path: "passphrase", message: PASSPHRASE_SHORT_MESSAGE }];
  if (length > PASSPHRASE_MAX) return [{ path: "passphrase", message: PASSPHRASE_LONG_MESSAGE }];
  if (passphrase !== repeated) return [{ path: "repeated", message: PASSPHRASE_MISMATCH_MESSAGE }];
  return [];
}

function PassphraseStep({
  onNext,
  onCancel,
}: {
  onNext: (passphrase: string, lock: NewLock) => void;
  onCancel: () => void;
}) {
  const [passphrase, setPassphrase] = useState("");
  const [repeated, setRepeated] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ passphrase, repeated }),
    check: (v) => checkPassphrase(v.passphrase, v.repeated),
    send: async () => (await import("@/client/lock/actions")).newLock(),
    onSuccess: (lock) => onNext(passphrase, lock),
    onError: (error) => notify.error(error.message),
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        Your private pages — their words, tags and photos — will be encrypted in this browser before they leave it.
        Inkwell&apos;s server keeps only what it cannot read. On another device, you unlock them with a passphrase.
        Their readable earlier versions, and private pages in Recently deleted, are removed.
      </p>
      <p className="text-sm text-ink-soft">
        Choose one that is not your password: Inkwell&apos;s server sees your password, never your passphrase. A few
        words you will remember are best.
      </p>
      <NewPassphraseFields
        passphrase={{ value: passphrase, onChange: setPassphrase }}
        repeated={{ value: repeated, onChange: setRepeated }}
        errors={errors}
      />
      {WARNING}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Preparing…">
          Continue
        </BusyButton>
      </div>
    </form>
  );
}

const lastGroup = (key: string) => key.split("-").at(-1) ?? "";

/** The recovery key shown once, saved as a file, and its last group typed back before `onNext`. */
export function RecoveryStep({
  email,
  lock,
  onBack,
  onNext,
}: {
  email: string;
  lock: NewLock;
  onBack: () => void;
  onNext: () => void;
}) {
  const [typed, setTyped] = useState("");
  const [pdfBusy, setPdfBusy] = useState(false);
  const sheet = { key: lock.recoveryText, email, createdAt: new Date() };
  const { formProps, errors } = useForm({
    values: () => typed,
    check: (v) =>
      v.trim().toUpperCase() === lastGroup(lock.recoveryText)
        ? []
        : [{ path: "lastGroup", message: "That is not the last group of your recovery key" }],
    send: async () => undefined,
    onSuccess: onNext,
  });

  async function savePdf() {
    setPdfBusy(true);
    try {
      const { recoveryKeyPdf, recoveryKeyFileName } = await import("@/client/lock/recovery-sheet");
      saveBlob(await recoveryKeyPdf(sheet), recoveryKeyFileName(sheet, "pdf"));
    } catch {
      notify.error("Could not make the PDF: save the text file, or write the key down.");
    } finally {
      setPdfBusy(false);
    }
  }

  async function saveText() {
    const { recoveryKeyText, recoveryKeyFileName } = await import("@/client/lock/recovery-sheet");
    saveBlob(new Blob([recoveryKeyText(sheet)], { type: "text/plain;charset=utf-8" }), recoveryKeyFileName(sheet));
  }

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        This is your <strong className="font-semibold">recovery key</strong>. It unlocks your diary if you forget your
        passphrase. It is shown only now: print it or save it somewhere safe, away from this device.
      </p>
      <p
        role="group"
        aria-label="Your recovery key"
        className="rounded-md border border-ink-soft/30 bg-paper p-3 font-mono text-base leading-7 tracking-wide break-words text-ink select-all"
      >
        {lock.recoveryText}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void saveText()} className={buttonClass("secondary", "py-1.5")}>
          <FileText aria-hidden className="size-4" /> Save as a text file
        </button>
        <BusyButton
          type="button"
          variant="secondary"
          className="py-1.5"
          busy={pdfBusy}
          busyLabel="Making the PDF…"
          onClick={() => void savePdf()}
        >
          <Download aria-hidden className="size-4" /> Save as a PDF
        </BusyButton>
      </div>
      <TextField
        label="Type the last group of your recovery key"
        name="lastGroup"
        hint="So we know you kept it: the five characters after the last dash."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        errors={errors.lastGroup}
      />
      {WARNING}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onBack} className={buttonClass("secondary")}>
          Back
        </button>
        <button type="submit" className={buttonClass("primary")}>
          Continue
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({
  owner,
  hasPassword,
  twoFactorOn,
  passphrase,
  lock,
  onDone,
}: Props & { passphrase: string; lock: NewLock; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const { formProps, errors, busy } = useForm({
    values: () => ({ password, code: code.trim() }),
    check: (v) => [
      ...(hasPassword ? checkFilled("password", "Password", v.password) : []),
      ...(twoFactorOn ? checkFilled("code", "Code", v.code) : []),
    ],
    send: async (v) =>
      (await import("@/client/lock/actions")).turnOnLock({
        owner,
        lock,
        passphrase,
        ...(hasPassword ? { password: v.password } : {}),
        ...(v.code ? { code: v.code } : {}),
      }),
    busyAfterSuccess: true,
    onSuccess: ({ key, kept }) => {
      lockChanged(queryClient);
      if (kept === "tab") keepKeyForThisTab(owner, key);
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
      notify.success("Your private pages are locked", {
        description: "Your earlier private pages are being locked now: keep this page open until it is done.",
      });
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.length)) notify.error(error.message);
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <p className="text-sm text-ink">
        Last step: confirm it is you. From now on every private page is encrypted in your browser, and your earlier
        private pages are encrypted next, on this page.
      </p>
      <StepUpFields
        hasPassword={hasPassword}
        twoFactorOn={twoFactorOn}
        password={{ value: password, onChange: setPassword }}
        code={{ value: code, onChange: setCode }}
        errors={errors}
        autoFocus
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Cancel
        </button>
        <BusyButton type="submit" busy={busy} busyLabel="Locking…">
          Lock my private pages
        </BusyButton>
      </div>
    </form>
  );
}
