"use client";

import type { ComponentProps } from "react";
import { TextField } from "@/components/ui/text-field";

/**
 * The second factor asked beside a password on the Security screen (docs/decisions/073, 096): a
 * code from the authenticator app or a recovery code, as typed or pasted.
 */
export function SecondFactorField(props: Omit<ComponentProps<typeof TextField>, "label" | "name">) {
  return (
    <TextField
      label="Code from the app or a recovery code"
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
