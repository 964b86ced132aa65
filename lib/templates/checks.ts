import type { FieldIssue } from "@/lib/errors";
import { countCharacters } from "@/lib/validation/graphemes";
import {
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_CONTENT_TOO_LONG_MESSAGE,
  TEMPLATE_EMPTY_MESSAGE,
  TEMPLATE_NAME_MAX,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_NAME_TOO_LONG_MESSAGE,
  TEMPLATE_TITLE_MAX,
  TEMPLATE_TITLE_TOO_LONG_MESSAGE,
} from "./limits";

// What the template form checks before it sends (docs/decisions/048-one-way-to-write-a-form.md):
// the issues ./schemas.ts would find in what a person types, with the same messages, without zod.
// The server checks everything again (a name's control characters too); tests/unit/templates.test.ts
// keeps the two in step.

export interface TemplateFields {
  name: string;
  title: string;
  content: string;
}

export function checkTemplate({ name, title, content }: TemplateFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const n = name.trim();
  if (!n) issues.push({ path: "name", message: TEMPLATE_NAME_REQUIRED_MESSAGE });
  else if (countCharacters(n) > TEMPLATE_NAME_MAX)
    issues.push({ path: "name", message: TEMPLATE_NAME_TOO_LONG_MESSAGE });
  if (countCharacters(title.trim()) > TEMPLATE_TITLE_MAX)
    issues.push({ path: "title", message: TEMPLATE_TITLE_TOO_LONG_MESSAGE });
  if (countCharacters(content.trim()) > TEMPLATE_CONTENT_MAX)
    issues.push({ path: "content", message: TEMPLATE_CONTENT_TOO_LONG_MESSAGE });
  else if (!title.trim() && !content.trim()) issues.push({ path: "content", message: TEMPLATE_EMPTY_MESSAGE });
  return issues;
}
