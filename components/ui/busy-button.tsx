import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { buttonClass, type ButtonVariant } from "./button-styles";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy: boolean;
  busyLabel: string;
  variant?: ButtonVariant;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button that says what it is doing while a request runs, and does nothing more until it ends.
 * Busy, it is aria-disabled rather than disabled: a disabled button drops the keyboard focus to
 * <body>, and the person who pressed it would have to find their place again.
 */
export function BusyButton({
  busy,
  busyLabel,
  variant = "primary",
  className = "",
  disabled,
  onClick,
  children,
  ...rest
}: Props) {
  return (
    <button
      {...rest}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      // Cancelling the click also cancels the form submission it would start (Enter in a field included).
      onClick={busy ? (e) => e.preventDefault() : onClick}
      className={buttonClass(variant, className)}
    >
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
