import * as A from "@/lib/contract/answers";
import { TemplateListSchema, TemplateSchema } from "@/lib/contract/templates";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import {
  TEMPLATE_CONTENT_TOO_LONG_MESSAGE,
  TEMPLATE_DELETED_MESSAGE,
  TEMPLATE_EMPTY_MESSAGE,
  NAME_NOT_ONE_LINE_MESSAGE,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_NAME_TAKEN_MESSAGE,
  TEMPLATE_NAME_TOO_LONG_MESSAGE,
  TEMPLATE_NOT_FOUND_MESSAGE,
  TEMPLATE_TITLE_TOO_LONG_MESSAGE,
  TEMPLATES_FULL_MESSAGE,
  TEMPLATES_MAX,
} from "./limits";
import { TemplateInputSchema } from "./schemas";

// A person's templates (lib/templates, docs/decisions/125-templates.md): only their owner ever
// reads or changes one; another person's is the same 404 as none.

const templateId = { id: { description: "The template's id; a malformed one is a 404 like an unknown one" } };

const body = {
  encoding: "json",
  maxBytes: BODY_LIMITS.template,
  schema: TemplateInputSchema,
  descriptions: {
    name: "One line, 1–60 characters after trimming; distinct among the caller's templates, whatever the case",
    title: "The title a page starts with: at most 100 characters; missing is empty",
    content: "The text a page starts with: at most 900 characters; missing is empty. A title or a text, at least",
  },
} as const;

const inputFailures = [
  400,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_NAME_TOO_LONG_MESSAGE,
  NAME_NOT_ONE_LINE_MESSAGE,
  TEMPLATE_TITLE_TOO_LONG_MESSAGE,
  TEMPLATE_CONTENT_TOO_LONG_MESSAGE,
  TEMPLATE_EMPTY_MESSAGE,
] as const;

export const TEMPLATE_ENDPOINTS = [
  {
    method: "get",
    path: "/api/templates",
    tag: TAG.journals,
    summary: "The caller's templates",
    description: "By name, case-insensitive. Nobody else's: templates are never shared.",
    auth: "session",
    answers: [{ status: 200, description: "The templates", schema: TemplateListSchema }],
  },
  {
    method: "post",
    path: "/api/templates",
    tag: TAG.journals,
    summary: "Keep a new template",
    description: `A name, and the title and text a new page starts from. At most ${TEMPLATES_MAX} a person.`,
    auth: "session",
    body,
    answers: [{ status: 201, description: "The template as kept", schema: TemplateSchema }],
    failures: [inputFailures, [409, TEMPLATE_NAME_TAKEN_MESSAGE, TEMPLATES_FULL_MESSAGE]],
  },
  {
    method: "put",
    path: "/api/templates/{id}",
    tag: TAG.journals,
    summary: "Change one of the caller's templates",
    description: "The whole template: its name, title and text are replaced.",
    auth: "session",
    params: templateId,
    body,
    answers: [{ status: 200, description: "The template as kept", schema: TemplateSchema }],
    failures: [inputFailures, [404, TEMPLATE_NOT_FOUND_MESSAGE], [409, TEMPLATE_NAME_TAKEN_MESSAGE]],
  },
  {
    method: "delete",
    path: "/api/templates/{id}",
    tag: TAG.journals,
    summary: "Delete one of the caller's templates",
    auth: "session",
    params: templateId,
    answers: [{ status: 200, description: TEMPLATE_DELETED_MESSAGE, schema: A.MessageSchema }],
    failures: [[404, TEMPLATE_NOT_FOUND_MESSAGE]],
  },
] as const satisfies readonly Endpoint[];
