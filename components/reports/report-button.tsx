"use client";

import { Flag } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { FieldErrors, invalidProps } from "@/components/ui/field-errors";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { Refusal } from "@/client/refusals";
import { sendReport, type ReportTarget } from "@/client/reports";
import { notify } from "@/client/toasts";
import { REPORT_NOTE_MAX, REPORT_NOTE_TOO_LONG_MESSAGE, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from "@/lib/reports/limits";
import { countCharacters } from "@/lib/validation/graphemes";

const CHOOSE = "Choose a reason";

/**
 * "Report" and its dialog (docs/product.md "Reports", docs/decisions/068): a reason, an optional
 * note, sent to the operators. Nobody reported is told who reported them.
 */
export function ReportButton({ target, what, className = "" }: { target: ReportTarget; what: string; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ reason?: string[]; note?: string[] }>({});
  const [busy, setBusy] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const noteId = `report-note-${id}`;
  const reasonId = `report-reason-${id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found: typeof errors = {};
    if (!reason) found.reason = [CHOOSE];
    if (countCharacters(note.trim()) > REPORT_NOTE_MAX) found.note = [REPORT_NOTE_TOO_LONG_MESSAGE];
    setErrors(found);
    if (found.reason || found.note) {
      (found.reason ? firstReason : noteField).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await sendReport(target, reason!, note);
      notify.success("Thank you. The operators will look at it.");
      setOpen(false);
      setReason(null);
      setNote("");
    } catch (error) {
      const fields = error instanceof Refusal ? error.fieldErrors : [];
      const noteErrors = fields.filter((f) => f.path === "note").map((f) => f.message);
      if (noteErrors.length) {
        setErrors({ note: noteErrors });
        noteField.current?.focus();
      }
      else {
        notify.error(error instanceof Error ? error.message : String(error));
        if (error instanceof Refusal && error.status === 409) setOpen(false);
      }
    } finally {
      setBusy(false);
    }
  }

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
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-ink">Why are you reporting it?</legend>
            {REPORT_REASONS.map((r, i) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setErrors((e) => ({ ...e, reason: undefined }));
                  }}
                  ref={i === 0 ? firstReason : undefined}
                  {...(i === 0 ? invalidProps(reasonId, errors.reason) : {})}
                  className="size-4 accent-accent"
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
            <FieldErrors fieldId={reasonId} errors={errors.reason} />
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-semibold text-ink">
              Anything the operators should know? (optional)
            </label>
            <textarea
              id={noteId}
              ref={noteField}
              name="note"
              rows={3}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setErrors((x) => ({ ...x, note: undefined }));
              }}
              {...invalidProps(noteId, errors.note)}
              className={`rounded-md border bg-surface px-3 py-2 text-base text-ink ${errors.note?.length ? "border-danger" : "border-ink-soft"}`}
            />
            <FieldErrors fieldId={noteId} errors={errors.note} />
          </div>
          <p className="text-xs text-ink-soft">The operators see what you report and why. Nobody you report is told who reported them.</p>
          <div className="flex justify-end">
            <BusyButton type="submit" busy={busy} busyLabel="Sending…">
              Send report
            </BusyButton>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
