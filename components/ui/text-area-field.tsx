import { useId, type TextareaHTMLAttributes } from "react";
import { FieldErrors, invalidProps } from "./field-errors";
import { fieldIdOf } from "./text-field";

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  errors?: readonly string[];
  /** "12/500 characters" under the box, read after the label; `warn` shows it as a danger. */
  counter?: { text: string; warn: boolean };
  ref?: React.Ref<HTMLTextAreaElement>;
};

/**
 * TextField's twin for several lines: a labelled box, its messages beside it when it has some
 * (components/ui/use-form.ts), and an optional character counter that describes it.
 */
export function TextAreaField({ label, name, id, errors, counter, className = "", ref, ...textarea }: Props) {
  const unique = useId();
  const fieldId = id ?? fieldIdOf(name, unique);
  const counterId = counter ? `${fieldId}-counter` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={fieldId}
        name={name}
        ref={ref}
        {...invalidProps(fieldId, errors, counterId)}
        className={`rounded-md border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-soft focus:border-accent ${errors?.length ? "border-danger" : "border-ink-soft"} ${className}`}
        {...textarea}
      />
      <FieldErrors fieldId={fieldId} errors={errors} />
      {counter ? (
        <p id={counterId} className={`text-sm ${counter.warn ? "font-semibold text-danger" : "text-ink-soft"}`}>
          {counter.text}
        </p>
      ) : null}
    </div>
  );
}
