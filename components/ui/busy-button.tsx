import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./button-styles";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean;
  busyLabel: string;
  variant?: ButtonVariant;
  children: ReactNode;
};

/** A button that is disabled and says what it is doing while a request runs. */
export function BusyButton({ busy, busyLabel, variant = "primary", className = "", disabled, children, ...rest }: Props) {
  return (
    <button {...rest} disabled={busy || disabled} aria-busy={busy} className={buttonClass(variant, className)}>
      {busy ? (
        <>
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
