"use client";

import { ErrorRecovery, errorStory } from "@/components/app/error-recovery";

// A page of the app failed to render; the navigation above it still works (docs: error.js wraps the
// page, not this group's layout). Next has already logged the error; nothing more is printed here.
export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  const { text, reference } = errorStory(error);
  return (
    <div className="notebook flex flex-col items-start gap-8 rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pl-20">
      <div>
        <h1 className="text-3xl leading-8 font-semibold text-leather">This page did not open</h1>
        <p className="text-ink">{text}</p>
        {reference ? <p className="text-sm text-ink-soft">Reference: {reference}</p> : null}
      </div>
      <ErrorRecovery retry={retry} home="/dashboard" homeLabel="Back to the dashboard" />
    </div>
  );
}
