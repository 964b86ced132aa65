"use client";

import { ErrorRecovery, errorStory } from "@/components/app/error-recovery";
import { AuthHeading } from "@/components/auth/auth-heading";

// Shown on the auth layout's sheet when one of its pages fails to render. Next has already logged
// the error; nothing more is printed here.
export default function AuthError({ error, retry }: { error: unknown; retry: () => void }) {
  const { text, reference } = errorStory(error);
  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title="This page did not open" subtitle={text} />
      {reference ? <p className="text-sm text-ink-soft">Reference: {reference}</p> : null}
      <ErrorRecovery retry={retry} home="/login" homeLabel="Back to login" />
    </div>
  );
}
