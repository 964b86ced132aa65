"use client";

import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { FieldErrors, invalidProps } from "@/components/ui/field-errors";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import { useForm } from "@/components/ui/use-form";
import { Refusal } from "@/client/refusals";
import { sendReport, type ReportTarget } from "@/client/reports";
import { notify } from "@/client/toasts";
import {
  REPORT_NOTE_MAX,
  REPORT_NOTE_TOO_LONG_MESSAGE,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportReason,
} from "@/lib/reports/limits";
import type { FieldIssue } from "@/lib/errors";
import { countCharacters } from "@/lib/validation/graphemes";

const CHOOSE = "Choose a reason";

export interface ReportButtonProps {
  target: ReportTarget;
  what: string;
  className?: string;
}

/**
 * "Report" and its dialog (docs/product.md "Reports", docs/decisions/068): a reason, an optional
 * note, sent to the operators. Nobody reported is told who reported them.
 */
export function ReportButton({ target, what, className = "" }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded px-1 text-sm text-ink-soft underline-offset-2 hover:text-danger hover:underline ${className}`}
      >
        <Flag aria-hidden className="size-4" />
        Report<span className="sr-only"> {what}</span>
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={`Report ${what}`}>
        {/* Made afresh at each opening, so a closed dialog's choices and messages do not come back. */}
        {open ? <ReportForm target={target} onDone={() => setOpen(false)} /> : null}
      </ModalDialog>
    </>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const noteCount = countCharacters(note.trim());
  const reasonId = `report-reason-${id}`;
  const { formProps, errors, busy } = useForm({
    values: () => ({ reason, note }),
    check: ({ reason, note }): FieldIssue[] => [
      ...(reason ? [] : [{ path: "reason", message: CHOOSE }]),
      ...(countCharacters(note.trim()) > REPORT_NOTE_MAX
        ? [{ path: "note", message: REPORT_NOTE_TOO_LONG_MESSAGE }]
        : []),
    ],
    send: ({ reason, note }) => sendReport(target, reason!, note),
    onSuccess: () => {
      notify.success("Thank you. The operators will look at it.");
      onDone();
    },
    // A refused field shows beside it; anything else is a toast, and "already reported" closes the dialog.
    onError: (error) => {
      if (error instanceof Refusal && error.fieldErrors.length) return;
      notify.error(error.message);
      if (error instanceof Refusal && error.status === 409) onDone();
    },
  });

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold text-ink">Why are you reporting it?</legend>
        {REPORT_REASONS.map((r, i) => (
          <label key={r} className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              {...(i === 0 ? invalidProps(reasonId, errors.reason) : {})}
              className="size-4 accent-accent"
            />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
        <FieldErrors fieldId={reasonId} errors={errors.reason} />
      </fieldset>
      <TextAreaField
        id={`report-note-${id}`}
        label="Anything the operators should know? (optional)"
        name="note"
        rows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        errors={errors.note}
        counter={{ text: `${noteCount}/${REPORT_NOTE_MAX} characters`, warn: noteCount > REPORT_NOTE_MAX }}
      />
      <p className="text-xs text-ink-soft">
        The operators see what you report and why. Nobody you report is told who reported them.
      </p>
      <div className="flex justify-end">
        <BusyButton type="submit" busy={busy} busyLabel="Sending…">
          Send report
        </BusyButton>
      </div>
    </form>
  );
}
