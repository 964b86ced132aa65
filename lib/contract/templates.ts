import { z } from "zod";
import { contract } from "./answers";

// The answers of /api/templates (docs/decisions/046, 125).

export const TemplateSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
contract.add(TemplateSchema, {
  id: "Template",
  description:
    "One of the caller's templates (lib/templates): a name, and the title and text a new page starts from (either may be empty, not both). Only its owner ever sees it",
});

export const TemplateListSchema = z.strictObject({ templates: z.array(TemplateSchema) });
contract.add(TemplateListSchema, {
  id: "TemplateList",
  description: "The caller's templates, by name (case-insensitive), at most 30",
});

export type Template = z.infer<typeof TemplateSchema>;
