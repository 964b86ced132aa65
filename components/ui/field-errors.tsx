import { CircleAlert } from "lucide-react";
import { useErrorText } from "@/components/app/error-words";

/** The id of a field's messages, for its aria-describedby and aria-errormessage. */
export const errorsIdOf = (fieldId: string) => `${fieldId}-errors`;

/**
 * What an input that has messages carries: invalid, described by them (after its hint), and
 * pointing at them as its error message (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function invalidProps(fieldId: string, errors: readonly string[] | undefined, describedBy?: string) {
  const invalid = Boolean(errors?.length);
  const ids = [describedBy, invalid ? errorsIdOf(fieldId) : undefined].filter(Boolean).join(" ");
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": ids || undefined,
    "aria-errormessage": invalid ? errorsIdOf(fieldId) : undefined,
  };
}

/** A field's messages, beside it; nothing when it has none. */
export interface FieldErrorsProps {
  fieldId: string;
  errors: readonly string[] | undefined;
}

export function FieldErrors({ fieldId, errors }: FieldErrorsProps) {
  // The server's words, in the screens' language once they are here (docs/decisions/144).
  const say = useErrorText();
  if (!errors?.length) return null;
  return (
    <div id={errorsIdOf(fieldId)} className="flex flex-col gap-0.5 text-sm font-semibold text-danger">
      {errors.map((message) => (
        <p key={message} className="flex items-start gap-1.5">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {say(message)}
        </p>
      ))}
    </div>
  );
}
