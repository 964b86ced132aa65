"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Refusal } from "@/client/refusals";
import type { FieldIssue } from "@/lib/errors";

/** The messages of each refused field, by its name (the API's `path`). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

interface Options<V, R> {
  /** What to send, read when the form is submitted (from the form's fields, or the component's state). */
  values: (form: HTMLFormElement) => V;
  /** The issues the server would find, found before any request (lib/validation/form-checks.ts). */
  check?: (values: V) => FieldIssue[];
  send: (values: V) => Promise<R>;
  onSuccess?: (result: R, values: V) => void;
  /**
   * A refusal or a failure, for the toast the screen gives it (docs/product.md §8). A refusal that
   * names fields (a 400's `errors`) shows each message beside its field instead, and is not passed
   * here when every field it names is one of the form's: an error shown beside its field is not
   * also toasted (docs/decisions/098).
   */
  onError?: (error: Error) => void;
  /** Stay busy after success: the page is being replaced, and the form must not be sent twice. */
  busyAfterSuccess?: boolean;
}

/** What the last submit left: each refused field's messages, how many submits were refused, whether it went through. */
interface Outcome {
  errors: FieldErrors;
  refusals: number;
  succeeded: boolean;
}

const FIRST: Outcome = { errors: {}, refusals: 0, succeeded: false };

function group(issues: readonly FieldIssue[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const { path, message } of issues) (errors[path] ??= []).push(message);
  return errors;
}

/**
 * Every form's one pattern (docs/decisions/048-one-way-to-write-a-form.md): React's
 * `useActionState` runs the submit (the client's checks, then the request) and says when it is
 * pending; each refused field's messages, from the checks or from the server's `errors`, show
 * beside that field (TextField's `errors`). After a refused submit the focus moves to the first
 * invalid field; changing a field takes its messages away.
 */
export function useForm<V, R>({ values, check, send, onSuccess, onError, busyAfterSuccess = false }: Options<V, R>) {
  const formRef = useRef<HTMLFormElement>(null);

  const [outcome, submit, pending] = useActionState(async (last: Outcome, sent: V): Promise<Outcome> => {
    const issues = check?.(sent) ?? [];
    if (issues.length) {
      return { errors: group(issues), refusals: last.refusals + 1, succeeded: false };
    }
    try {
      const result = await send(sent);
      onSuccess?.(result, sent);
      return { errors: {}, refusals: last.refusals, succeeded: true };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      const fields = error instanceof Refusal ? error.fieldErrors : [];
      const shownBeside =
        fields.length > 0 && fields.every((f) => f.path !== "" && formRef.current?.elements.namedItem(f.path));
      if (!shownBeside) onError?.(error);
      return { errors: group(fields), refusals: last.refusals + (fields.length ? 1 : 0), succeeded: false };
    }
  }, FIRST);

  // The fields changed since the last outcome: their messages no longer apply.
  const [changed, setChanged] = useState<{ since: Outcome; names: readonly string[] }>({ since: FIRST, names: [] });
  const edited = changed.since === outcome ? changed.names : [];
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(outcome.errors).filter(([name]) => !edited.includes(name)),
  );

  // After each refusal, once its messages are on screen: to the first field that has one.
  useEffect(() => {
    if (outcome.refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [outcome.refusals]);

  const busy = pending || (busyAfterSuccess && outcome.succeeded);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const sent = values(e.currentTarget);
    startTransition(() => submit(sent));
  }

  function clearErrors(name: string) {
    if (!outcome.errors[name] || edited.includes(name)) return;
    setChanged({ since: outcome, names: [...edited, name] });
  }

  return {
    /** Spread on the <form>: our checks replace the browser's bubbles, which show one field at a time. */
    formProps: {
      ref: formRef,
      onSubmit,
      onChange: (e: ChangeEvent<HTMLFormElement>) => clearErrors((e.target as Partial<HTMLInputElement>).name ?? ""),
      noValidate: true,
    },
    errors,
    clearErrors,
    busy,
  };
}
