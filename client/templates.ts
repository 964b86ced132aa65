import { queryOptions } from "@tanstack/react-query";
import type { Template } from "@/lib/contract/templates";
import type { TemplateFields } from "@/lib/templates/checks";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// A person's templates, /api/templates (docs/decisions/125-templates.md).

export type { Template } from "@/lib/contract/templates";

export const TEMPLATES_LOAD_FAILED = "Could not load your templates";
export const TEMPLATE_SAVE_FAILED = "Could not save the template";
export const TEMPLATE_DELETE_FAILED = "Could not delete the template";

export const templateKeys = { all: ["templates"] as const };

/** A template's first words, where a list names it: its title, then its text on one line. */
export function templateSummary(t: Template): string {
  return [t.title, t.content.replace(/\s+/g, " ")].filter(Boolean).join(" — ");
}

export function templatesQuery() {
  return queryOptions({
    queryKey: templateKeys.all,
    queryFn: async ({ signal }): Promise<Template[]> => {
      const res = await apiRequest(apiPath("GET /api/templates"), { signal }, TEMPLATES_LOAD_FAILED);
      if (!res.ok) throw new ApiError(res.status, TEMPLATES_LOAD_FAILED);
      return (await answerOf("GET /api/templates", res)).templates;
    },
  });
}

/** A new template (`id` null) or the whole of one; a 400 or 409 is a Refusal naming its field. */
export async function saveTemplate(id: string | null, fields: TemplateFields): Promise<Template> {
  const res = await apiRequest(
    id ? apiPath("PUT /api/templates/{id}", { id }) : apiPath("POST /api/templates"),
    { method: id ? "PUT" : "POST", body: JSON.stringify(fields) },
    TEMPLATE_SAVE_FAILED,
  );
  if (!res.ok) throw await refusalOf(res, TEMPLATE_SAVE_FAILED);
  return id ? answerOf("PUT /api/templates/{id}", res) : answerOf("POST /api/templates", res);
}

export async function deleteTemplate(id: string): Promise<void> {
  const res = await apiRequest(
    apiPath("DELETE /api/templates/{id}", { id }),
    { method: "DELETE" },
    TEMPLATE_DELETE_FAILED,
  );
  // Gone already (another tab): what was wanted.
  if (!res.ok && res.status !== 404) throw await refusalOf(res, TEMPLATE_DELETE_FAILED);
}
