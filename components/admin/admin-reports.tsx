"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { useForm } from "@/components/ui/use-form";
import { adminKeys, adminQuery, moderate, type AdminReport } from "@/client/admin";
import { apiPath } from "@/client/api-path";
import { Refusal } from "@/client/refusals";
import { notify } from "@/client/toasts";
import { RelativeTime } from "@/components/app/relative-time";
import type { FieldIssue } from "@/lib/errors";
import { REPORT_REASON_LABELS } from "@/lib/reports/limits";
import { REPORT_DISMISSED_MESSAGE, MODERATION_NOTE_REQUIRED_MESSAGE } from "@/lib/admin/limits";

const CARD = "rounded-lg border border-ink-soft/20 bg-surface p-4 shadow-sm sm:p-6";
const KIND = { journal: "An entry", reply: "A private reply", user: "A person" } as const;

type Action = "dismiss" | "remove" | "suspend";

/** One open report: what was reported, by whom, whose it is; a note and the actions. */
function Report({ report, onDone }: { report: AdminReport; onDone: () => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  // The button that sent the form: the one action useForm runs (a ref, as the submit follows the
  // click before a render), and the one that says it is busy.
  const chosen = useRef<Action>("dismiss");
  const [shown, setShown] = useState<Action>("dismiss");
  const { formProps, errors, busy } = useForm({
    values: () => ({ action: chosen.current, note }),
    check: ({ action, note }): FieldIssue[] =>
      action !== "dismiss" && !note.trim() ? [{ path: "note", message: MODERATION_NOTE_REQUIRED_MESSAGE }] : [],
    send: ({ action, note }) =>
      moderate(
        action === "suspend"
          ? apiPath("POST /api/admin/users/{userId}/suspend", { userId: report.subject.id })
          : apiPath(`POST /api/admin/reports/{id}/${action}`, { id: report.id }),
        note,
      ),
    onSuccess: (_, { action }) => {
      notify.success(
        action === "dismiss"
          ? REPORT_DISMISSED_MESSAGE
          : action === "remove"
            ? "Removed; the writer is told why"
            : `${report.subject.name} is suspended`,
      );
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.some((f) => f.path === "note"))) notify.error(error.message);
    },
  });
  const busyWith = (action: Action) => busy && shown === action;
  const choose = (action: Action) => {
    if (busy) return;
    chosen.current = action;
    setShown(action);
  };

  return (
    <li className={CARD}>
      <article aria-labelledby={`report-${report.id}`}>
        <h3 id={`report-${report.id}`} className="font-semibold text-ink">
          {KIND[report.target.kind]} · {REPORT_REASON_LABELS[report.reason]}
          {report.reportsOfThis > 1 ? ` · reported ${report.reportsOfThis} times` : ""}
        </h3>
        <p className="text-xs text-ink-soft">
          By @{report.reporter.username}, <RelativeTime iso={report.createdAt} inSentence />. Whose: @
          {report.subject.username}
          {report.target.isAnonymous ? " (shared anonymously)" : ""}
          {report.subject.suspended ? " (suspended)" : ""}
        </p>
        {report.note ? <p className="mt-2 text-sm text-ink">“{report.note}”</p> : null}
        <blockquote className="mt-3 rounded-md bg-paper p-3 text-sm break-words whitespace-pre-wrap text-ink">
          {report.target.title ? <strong className="block">{report.target.title}</strong> : null}
          {report.target.text || <em className="text-ink-soft">(empty)</em>}
        </blockquote>
        <form {...formProps} className="mt-3 flex flex-col gap-1.5">
          <TextAreaField
            id={`note-${id}`}
            label="Note (the person is told it when something is removed or they are suspended)"
            name="note"
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            errors={errors.note}
          />
          <div className="mt-1 flex flex-wrap gap-2">
            <BusyButton
              type="submit"
              variant="secondary"
              busy={busyWith("dismiss")}
              busyLabel="Dismissing…"
              onClick={() => choose("dismiss")}
            >
              Dismiss
            </BusyButton>
            {report.target.kind !== "user" ? (
              <BusyButton
                type="submit"
                variant="danger"
                busy={busyWith("remove")}
                busyLabel="Removing…"
                onClick={() => choose("remove")}
              >
                Remove {report.target.kind === "journal" ? "the entry" : "the reply"}
              </BusyButton>
            ) : null}
            {report.subject.suspended ? null : (
              <BusyButton
                type="submit"
                variant="danger"
                busy={busyWith("suspend")}
                busyLabel="Suspending…"
                onClick={() => choose("suspend")}
              >
                Suspend @{report.subject.username}
              </BusyButton>
            )}
          </div>
        </form>
      </article>
    </li>
  );
}

/** The operators' page (docs/product.md "Operators"): the open reports, then the record. */
export function AdminReports() {
  const queryClient = useQueryClient();
  const data = useQuery(adminQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.page });
  if (data.isPending)
    return (
      <p role="status" className="text-sm text-ink-soft">
        Loading reports…
      </p>
    );
  if (data.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {data.error.message}
      </p>
    );
  const { reports, actions } = data.data;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="open-reports">
        <h2 id="open-reports" className="mb-3 font-serif text-xl font-semibold text-leather">
          Open reports ({reports.length})
        </h2>
        {reports.length ? (
          <ul className="flex flex-col gap-4">
            {reports.map((r) => (
              <Report key={r.id} report={r} onDone={refresh} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-soft">No open reports.</p>
        )}
      </section>
      <section aria-labelledby="moderation-record" className={CARD}>
        <h2 id="moderation-record" className="mb-3 font-serif text-xl font-semibold text-leather">
          What was done
        </h2>
        {actions.length ? (
          <ul className="flex flex-col divide-y divide-ink-soft/15 text-sm">
            {actions.map((a) => (
              <li key={a.id} className="py-2 text-ink">
                <span className="text-ink-soft">
                  <RelativeTime iso={a.createdAt} />
                </span>{" "}
                @{a.operator ?? "(gone)"}{" "}
                {a.action === "dismiss"
                  ? "dismissed a report"
                  : a.action === "remove"
                    ? "removed something"
                    : a.action === "suspend"
                      ? "suspended"
                      : "lifted the suspension of"}
                {a.target ? ` @${a.target}` : ""}
                {a.note ? ` — “${a.note}”` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-soft">Nothing yet.</p>
        )}
      </section>
    </div>
  );
}
