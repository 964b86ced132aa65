"use client";

import { onDemand } from "./on-demand";
import type { ModalDialogProps } from "./radix-modal-dialog";

export type { ModalDialogProps };

const radix = onDemand(() => import("./radix-modal-dialog"));

/**
 * A modal dialog (./radix-modal-dialog.tsx, docs/decisions/016-radix-primitives.md). No dialog is
 * open at first paint, so Radix's Dialog is fetched once the page has hydrated rather than with it
 * (docs/performance.md, "First-load JavaScript"); a dialog opened before it arrives opens when it
 * does, with the focus moved in as usual.
 */
export function ModalDialog(props: ModalDialogProps) {
  const loaded = radix.useLoaded(props.open);
  return loaded ? <loaded.RadixModalDialog {...props} /> : null;
}
