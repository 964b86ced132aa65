"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
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
   * names fields (a 400's `errors`) also shows each message beside its field.
   */
  onError?: (error: Error) => void;
  /** Also for an issue found before sending (sign-up's address domain, which docs/product.md §5 toasts). */
  onChecked?: (issues: FieldIssue[], values: V) => void;
  /** Stay busy after success: the page is being replaced, and the form must not be sent twice. */
  busyAfterSuccess?: boolean;
}

function group(issues: readonly FieldIssue[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const { path, message } of issues) (errors[path] ??= []).push(message);
  return errors;
}

/**
 * Every form's one pattern (docs/decisions/048-one-way-to-write-a-form.md): a TanStack mutation for
 * the request and its busy state, the client's checks before it, and each refused field's messages
 * beside that field (TextField's `errors`), from the checks or from the server's `errors`. After a
 * refused submit the focus moves to the first invalid field; typing in a field clears its messages.
 */
export function useForm<V, R>({ values, check, send, onSuccess, onError, onChecked, busyAfterSuccess = false }: Options<V, R>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusals, setRefusals] = useState(0);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, sent) => onSuccess?.(result, sent),
    onError: (error) => {
      if (error instanceof Refusal && error.fieldErrors.length) refuse(error.fieldErrors);
      onError?.(error);
    },
  });

  function refuse(issues: readonly FieldIssue[]) {
    setErrors(group(issues));
    setRefusals((n) => n + 1);
  }

  // After each refusal, once its messages are on screen: to the first field that has one.
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const busy = mutation.isPending || (busyAfterSuccess && mutation.isSuccess);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const sent = values(e.currentTarget);
    const issues = check?.(sent) ?? [];
    if (issues.length) {
      refuse(issues);
      onChecked?.(issues, sent);
      return;
    }
    setErrors({});
    mutation.mutate(sent);
  }

  /** A field's messages go when it changes. */
  function onChange(e: ChangeEvent<HTMLFormElement>) {
    const name = (e.target as Partial<HTMLInputElement>).name;
    if (name && errors[name]) clearErrors(name);
  }

  function clearErrors(name: string) {
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
  }

  return {
    /** Spread on the <form>: our checks replace the browser's bubbles, which show one field at a time. */
    formProps: { ref: formRef, onSubmit, onChange, noValidate: true },
    errors,
    clearErrors,
    busy,
  };
}
