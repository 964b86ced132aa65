import { describe, expect, it } from "vitest";
import { checkTemplate } from "../../lib/templates/checks";
import { TemplateInputSchema } from "../../lib/templates/schemas";

// The template form's checks (lib/templates/checks.ts) find what the server's schema finds, with
// the same messages beside the same fields (docs/decisions/048-one-way-to-write-a-form.md).

const cases = [
  { name: "Three good things", title: "Three good things", content: "1.\n2.\n3." },
  { name: "", title: "t", content: "" },
  { name: "   ", title: "t", content: "" },
  { name: "x".repeat(61), title: "t", content: "" },
  { name: "👨‍👩‍👧‍👦".repeat(60), title: "t", content: "" },
  { name: "n", title: "t".repeat(101), content: "" },
  { name: "n", title: "", content: "w".repeat(901) },
  { name: "n", title: "", content: " ".repeat(950) },
  { name: "n", title: " ", content: "\n" },
  { name: "", title: "", content: "" },
  { name: "n", title: "é".repeat(100), content: "👍".repeat(900) },
];

describe("checkTemplate", () => {
  it.each(cases)("agrees with the server's schema on %j", (fields) => {
    const parsed = TemplateInputSchema.safeParse(fields);
    const server = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    expect(checkTemplate(fields)).toEqual(server);
  });
});
