import type { InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string };

/** A labelled input sized for touch (44 px tall), with an optional hint read after the label. */
export function TextField({ label, name, id, hint, className = "", ...input }: Props) {
  const inputId = id ?? `field-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-describedby={hintId}
        className={`h-11 rounded-md border border-ink-soft bg-surface px-3 text-base text-ink placeholder:text-ink-soft focus:border-accent ${className}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
