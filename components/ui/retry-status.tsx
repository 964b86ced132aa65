/**
 * What could not load, said in place, with a way to try again: "Could not load X. Try again". A
 * status, not an alert: the rest of the screen still works. `autofocus`: in a dialog, the button is
 * where the keyboard goes first (components/ui/radix-modal-dialog.tsx's `data-autofocus`).
 */
export function RetryStatus({
  message,
  onRetry,
  className = "",
  autofocus = false,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
  autofocus?: boolean;
}) {
  return (
    <p role="status" className={`text-sm text-ink-soft ${className}`.trim()}>
      {message}.{" "}
      <button
        type="button"
        data-autofocus={autofocus || undefined}
        onClick={onRetry}
        className="font-semibold text-accent underline underline-offset-4"
      >
        Try again
      </button>
    </p>
  );
}
