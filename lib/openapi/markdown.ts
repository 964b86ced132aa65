import type { OpenApiDocument } from "./document";
import type { JsonSchema, Operation } from "./types";

// docs/api.md, rendered from the OpenAPI document (scripts/docs-api.ts writes it; a test checks
// that the committed file is what this renders).

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (s: string) => `\`${s}\``;
const anchor = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .trim()
    .replace(/ /g, "-");
const refName = (ref: string) => ref.replace("#/components/schemas/", "");

/** A schema in a few words: its type, bounds, pattern, values. */
export function describeSchema(s: JsonSchema): string {
  if (typeof s.$ref === "string") return `[${refName(s.$ref)}](#${anchor(refName(s.$ref))})`;
  if ("const" in s) return code(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return s.enum.map((v) => code(String(v))).join(" or ");
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(describeSchema).join(" or ");
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  let out = types.join(" or ") || "any";
  if (s.contentMediaType) return "file";
  if (s.type === "array" && s.items) out = `array of ${describeSchema(s.items as JsonSchema)}`;
  if (s.type === "object" && s.properties) {
    const fields = Object.entries(s.properties as Record<string, JsonSchema>).map(
      ([name, f]) => `${name}: ${describeSchema(f)}`,
    );
    out = `{${fields.join(", ")}}`;
  }
  const rules: string[] = [];
  if (s.format) rules.push(String(s.format));

  if (s.minLength !== undefined || s.maxLength !== undefined)
    rules.push(`length ${s.minLength ?? 0}–${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined) rules.push(`≥ ${String(s.minimum)}`);
  if (s.maxItems !== undefined) rules.push(`at most ${String(s.maxItems)} items`);
  if (s.pattern) rules.push(`pattern ${code(String(s.pattern))}`);
  if (s.default !== undefined) rules.push(`default ${code(JSON.stringify(s.default))}`);
  return rules.length ? `${out} (${rules.join(", ")})` : out;
}

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
    "",
  ];
}

function fieldsTable(schema: JsonSchema): string[] {
  const required = (schema.required as string[] | undefined) ?? [];
  const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (!props.length) return ["No fields.", ""];
  return table(
    ["Field", "Required", "Schema", "Rules"],
    props.map(([name, s]) => [
      code(name),
      required.includes(name) ? "yes" : "no",
      describeSchema({ ...s, description: undefined }),
      String(s.description ?? ""),
    ]),
  );
}

function authOf(op: Operation): string {
  if (op.security.length === 0) return "none";
  if (op.security.some((s) => Object.keys(s).length === 0))
    return "a signed URL, or a session (bearer token or `session` cookie)";
  return "a session (bearer token or `session` cookie)";
}

function renderOperation(method: string, path: string, op: Operation): string[] {
  const out = [`### ${method.toUpperCase()} ${path}`, "", `${op.summary}.`, ""];
  if (op.description) out.push(op.description, "");
  out.push(`**Auth:** ${authOf(op)}.`, "");
  const params = op.parameters ?? [];
  const titles = { path: "Path parameters", query: "Query", header: "Headers" } as const;
  for (const where of ["path", "query", "header"] as const) {
    const ps = params.filter((p) => p.in === where);
    if (!ps.length) continue;
    out.push(`**${titles[where]}**`, "");
    out.push(
      ...table(
        ["Name", "Required", "Schema", "Rules"],
        ps.map((p) => [code(p.name), p.required ? "yes" : "no", describeSchema(p.schema), p.description ?? ""]),
      ),
    );
  }
  if (op.requestBody) {
    const [type, media] = Object.entries(op.requestBody.content)[0]!;
    out.push(`**Body** (${code(type)}). ${op.requestBody.description}`, "", ...fieldsTable(media.schema));
  }
  const responses = Object.entries(op.responses);
  const ok = responses.filter(([status]) => Number(status) < 400);
  out.push("**Answers**", "");
  for (const [status, r] of ok) {
    const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
    const body = type === "application/json" ? `: ${describeSchema(media!.schema)}` : type ? `: ${code(type)}` : "";
    const headers = Object.entries(r.headers ?? {}).map(([h, v]) => `${code(h)}: ${v.description ?? ""}`);
    out.push(`- ${code(status)} ${r.description}${body}${headers.length ? ` (${headers.join("; ")})` : ""}`);
  }
  out.push("");
  const errors = responses.filter(([status]) => Number(status) >= 400);
  if (errors.length)
    out.push(
      "**Errors**",
      "",
      ...table(
        ["Status", "Codes and messages"],
        errors.map(([status, r]) => [
          code(status),
          (r["x-messages"] ?? []).map((m, i) => `${code(r["x-codes"]?.[i] ?? "")} ${code(m)}`).join(", "),
        ]),
      ),
    );
  return out;
}

function renderObject(name: string, schema: JsonSchema): string[] {
  const out = [`### ${name}`, ""];
  if (schema.description) out.push(`${String(schema.description)}.`, "");
  const rows = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([field, s]) => [
    code(field),
    describeSchema({ ...s, description: undefined }),
    String(s.description ?? ""),
  ]);
  const nullable = Array.isArray(schema.type) && schema.type.includes("null") ? ["May be `null`.", ""] : [];
  return [...out, ...nullable, ...table(["Field", "Schema", "Notes"], rows)];
}

export function renderApiMarkdown(doc: OpenApiDocument): string {
  const out = [
    `# ${doc.info.title} reference`,
    "",
    "<!-- Generated by `npm run docs:api` from lib/openapi; edit those files, not this one. -->",
    "",
    "The same document, as OpenAPI 3.1, is served at `GET /api/openapi.json`. How it is made and kept true: docs/decisions/031-api-reference.md.",
    "",
    "## Conventions",
    "",
    doc.info.description,
    "",
    "## Contents",
    "",
  ];
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const list = byTag.get(op.tags[0]!) ?? [];
      list.push([method, path, op]);
      byTag.set(op.tags[0]!, list);
    }
  }
  for (const { name } of doc.tags) {
    out.push(`- [${name}](#${anchor(name)})`);
    for (const [method, path] of byTag.get(name) ?? [])
      out.push(`  - [${method.toUpperCase()} ${path}](#${anchor(`${method} ${path}`)})`);
  }
  out.push("- [Objects](#objects)", "- [Message codes](#message-codes)", "");
  for (const { name } of doc.tags) {
    out.push(`## ${name}`, "");
    for (const [method, path, op] of byTag.get(name) ?? []) out.push(...renderOperation(method, path, op));
  }
  out.push("## Objects", "");
  for (const [name, schema] of Object.entries(doc.components.schemas)) out.push(...renderObject(name, schema));
  out.push(
    "## Message codes",
    "",
    "Every error's `code` (and each of its `errors`' codes), with the English words it stands for; a message built from values (a field's label, a count, a name) is described rather than quoted. docs/decisions/142-message-codes.md.",
    "",
    ...table(
      ["Code", "English words"],
      Object.entries(doc["x-message-codes"])
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([c, words]) => [code(c), words.startsWith("(") ? words.slice(1, -1) : code(words)]),
    ),
    "",
  );
  return `${out.join("\n").trimEnd()}\n`;
}
