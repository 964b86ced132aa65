import { z } from "zod";

/** A required string field whose messages name the field, for missing and wrong-type input alike. */
export function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`),
  });
}
