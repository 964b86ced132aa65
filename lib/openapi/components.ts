import { z } from "zod";
import { contract } from "@/lib/contract/answers";
import type { JsonSchema } from "./types";

// The answers' shapes in the reference, generated from the zod schemas the server's mappers
// return (lib/contract/answers.ts, docs/decisions/046): the objects under components/schemas, and
// each route's answer, whose objects are $refs to them. Nothing here is written by hand.

const COMPONENT_URI = "#/components/schemas/";

/**
 * z.toJSONSchema's output as the reference shows it: no dialect or id of its own (the document's is
 * OpenAPI 3.1), no regular expression behind a named format (uuid, date-time, email: the format
 * says it), no bounds that only restate JavaScript's safe integers, "string or null" as a type list,
 * and no `additionalProperties: false`, which would promise that no field is ever added (the tests
 * still refuse one: tests/support/contract.ts).
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== "object") return node;
  const s = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, tidy(v)])) as JsonSchema;
  delete s.$schema;
  delete s.$id;
  if (s.format && s.pattern) delete s.pattern;
  if (s.additionalProperties === false) delete s.additionalProperties;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (typeof s.$ref === "string") s.$ref = s.$ref.replace("#/$defs/", COMPONENT_URI);
  const anyOf = s.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf[1]!.type === "null" && typeof anyOf[0]!.type === "string") {
    delete s.anyOf;
    return { ...anyOf[0], type: [anyOf[0]!.type, "null"], ...s };
  }
  return s;
}

/** Every named object of lib/contract, as components/schemas. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(contract, { metadata: contract, uri: (id) => `${COMPONENT_URI}${id}` });
  if (schemas.__shared) throw new Error("lib/contract's objects share a schema with no name");
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, tidy(schema) as JsonSchema]));
}

/** One answer's JSON Schema: a $ref when it is a named object, else its shape with $refs to them. */
export function answerSchema(schema: z.ZodType): JsonSchema {
  const id = contract.get(schema)?.id;
  if (id) return { $ref: `${COMPONENT_URI}${id}` };
  const { $defs, ...json } = z.toJSONSchema(schema, { metadata: contract }) as JsonSchema;
  // $defs are the named objects it holds, which components/schemas already has.
  const unnamed = Object.keys(($defs as object | undefined) ?? {}).filter((name) => !contract._idmap.has(name));
  if (unnamed.length)
    throw new Error(`An answer's schema holds objects lib/contract does not name: ${unnamed.join(", ")}`);
  return tidy(json) as JsonSchema;
}
