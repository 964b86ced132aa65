import type { ReactNode } from "react";

export interface SwitchFieldProps {
  name: string;
  label: ReactNode;
  defaultChecked: boolean;
  hint?: ReactNode;
}

/** A checkbox drawn as a switch (role="switch"), its whole row the label; submitted as `name=on` when on. */
export function SwitchField({ name, label, defaultChecked, hint }: SwitchFieldProps) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 font-semibold text-ink">
      <span className="flex flex-col">
        {label}
        {hint ? <span className="text-sm font-normal text-ink-soft">{hint}</span> : null}
      </span>
      <span className="relative inline-flex shrink-0">
        <input
          type="checkbox"
          role="switch"
          name={name}
          defaultChecked={defaultChecked}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0"
        />
        <span
          aria-hidden
          className="h-7 w-12 rounded-full border border-ink-soft bg-paper-deep transition-colors peer-checked:border-accent peer-checked:bg-accent peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus motion-reduce:transition-none"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-1 left-1 size-5 rounded-full bg-surface shadow transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
        />
      </span>
    </label>
  );
}
