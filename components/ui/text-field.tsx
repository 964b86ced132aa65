import { useId, type InputHTMLAttributes } from "react";
import { FieldErrors, invalidProps } from "./field-errors";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint?: string;
  errors?: readonly string[];
};

/**
 * A labelled input sized for touch (44 px tall), with an optional hint read after the label, and
 * its messages, when it has some, beside it in the hint's place (components/ui/use-form.ts): one
 * thing said at a time, never a refusal with the same advice under it. Its id is unique on the
 * page (React's useId), so two forms with a field of the same name (the "Turn off" form and the
 * delete-account dialog's password) each keep their label, message and accessible name.
 */
/** A field's id from its name and React's useId (whose «» or :: an id may hold, but a selector would have to escape). */
export function fieldIdOf(name: string, unique: string): string {
  return `field-${name}-${unique.replace(/[^A-Za-z0-9_-]/g, "")}`;
}

export function TextField({ label, name, id, hint, errors, className = "", ...input }: Props) {
  const unique = useId();
  const inputId = id ?? fieldIdOf(name, unique);
  const shownHint = errors?.length ? undefined : hint;
  const hintId = shownHint ? `${inputId}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        {...invalidProps(inputId, errors, hintId)}
        className={`h-11 rounded-md border bg-surface px-3 text-base text-ink placeholder:text-ink-soft focus:border-accent ${errors?.length ? "border-danger" : "border-ink-soft"} ${className}`}
        {...input}
      />
      <FieldErrors fieldId={inputId} errors={errors} />
      {shownHint ? (
        <p id={hintId} className="text-xs text-ink-soft">
          {shownHint}
        </p>
      ) : null}
    </div>
  );
}
