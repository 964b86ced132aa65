import "server-only";
import { ValidationError } from "@/lib/errors";
import { readBody } from "./body";
import { MultipartGauge, multipartBoundary } from "./body-gauges";
import { MULTIPART_REQUIRED_MESSAGE, MULTIPART_INVALID_MESSAGE } from "@/lib/http/body-limits";

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * A multipart/form-data body of at most `maxBytes` (the route's family in lib/http/body-limits.ts;
 * 413 above it), its parts measured while it arrives (lib/http/body-gauges.ts: a text field over
 * FORM_TEXT_FIELD_MAX, or the route's `textFieldMax`, or its bound for one of its `longFields`, is a
 * 413, too many parts a 400), then parsed by the platform's own parser.
 * Anything else, or a body it cannot parse, is a 400.
 */
export async function readForm(
  req: Request,
  maxBytes: number,
  { textFieldMax, longFields }: { textFieldMax?: number; longFields?: Readonly<Record<string, number>> } = {},
): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const boundary = MULTIPART.test(contentType) ? multipartBoundary(contentType) : undefined;
  if (!boundary) throw new ValidationError(MULTIPART_REQUIRED_MESSAGE);
  const bytes = await readBody(req, { maxBytes, gauge: new MultipartGauge(boundary, textFieldMax, longFields) });
  try {
    return await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError(MULTIPART_INVALID_MESSAGE);
  }
}

/**
 * The form's fields as one object for a zod schema: strings stay strings, and a file where text
 * belongs stays a File, so the schema refuses it by the field's name. The first value of a repeated
 * field wins.
 */
export function formFields(form: FormData): Record<string, FormDataEntryValue> {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of form.entries()) if (!(name in fields)) fields[name] = value;
  return fields;
}

/**
 * The bytes of an optional file field. A browser submits a file input left blank as an empty part
 * with `filename=""` (which the parser may hand over as a File or as ""): that counts as no file.
 * Other text in a file field is a 400.
 */
export async function formFile(form: FormData, name: string): Promise<Uint8Array | undefined> {
  const value = form.get(name);
  if (value === null || value === "") return undefined;
  if (typeof value === "string") throw new ValidationError(`${name} must be a file`);
  if (value.size === 0 && value.name === "") return undefined;
  return new Uint8Array(await value.arrayBuffer());
}
