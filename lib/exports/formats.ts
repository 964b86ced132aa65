import "server-only";
import { createHash } from "node:crypto";

// How one entry is written into the ZIP (docs/export-format.md): the plain functions live in
// ./format-text.ts, shared with the browser (a locked diary's export is opened there:
// client/lock/export-zip.ts); what needs Node's crypto is here.

export * from "./format-text";

/** Day One's photo id, stable for one entry and one stored photo (a new photo is a new id). */
export function photoIdentifier({ id, imageKey }: { id: string; imageKey: string }): string {
  return createHash("md5").update(`${id}\n${imageKey}`).digest("hex").toUpperCase();
}
