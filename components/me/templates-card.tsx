"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LayoutTemplate, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  TEMPLATES_LOAD_FAILED,
  deleteTemplate,
  templateKeys,
  templatesQuery,
  templateSummary,
  type Template,
} from "@/client/templates";
import { lockStateQuery } from "@/client/lock/state";
import { notify } from "@/client/toasts";
import { TEMPLATES_MAX } from "@/lib/templates/limits";
import type { TemplateFields } from "@/lib/templates/checks";
import { TemplateDialog, type TemplateEditing } from "./template-dialog";
import { RetryStatus } from "@/components/ui/retry-status";

/** The list a person's first example starts with (its name and title are under me.templates.examples). */
const LIST = "1. \n2. \n3. ";

const EMPTY: TemplateFields = { name: "", title: "", content: "" };

/**
 * Templates on /me → Writing (docs/decisions/125-templates.md): the person's own starting pages, each
 * changed in a dialog, deleted after a question; an empty list offers two examples. A new page
 * starts from one in the diary (components/diary/template-chooser.tsx).
 */
export function TemplatesCard() {
  const t = useTranslations("me.templates");
  /** Two examples a person can start from (docs/decisions/125-templates.md): theirs to change once saved. */
  const examples: TemplateFields[] = [
    { name: t("examples.goodThings.name"), title: t("examples.goodThings.title"), content: LIST },
    {
      name: t("examples.gratitude.name"),
      title: t("examples.gratitude.title"),
      content: t("examples.gratitude.content"),
    },
  ];
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery());
  // The lock seals pages, not templates (docs/decisions/125-templates.md): said where it matters.
  const locked = useQuery(lockStateQuery()).data?.locked ?? false;
  const [editing, setEditing] = useState<TemplateEditing | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: (template: Template) => deleteTemplate(template.id),
    onSuccess: (_, template) => {
      queryClient.setQueryData<Template[]>(templateKeys.all, (all) => all?.filter((x) => x.id !== template.id));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      notify.success(t("deleted", { name: template.name }));
      setDeleting(null);
    },
    onError: (error) => notify.error(error.message),
  });
  const list = templates.data;
  const full = (list?.length ?? 0) >= TEMPLATES_MAX;

  return (
    <section
      aria-labelledby="templates-heading"
      className="min-w-0 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="templates-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <LayoutTemplate aria-hidden className="size-5 text-accent" />
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("intro")}</p>
      {locked ? <p className="mt-2 text-sm text-ink">{t("locked")}</p> : null}
      {templates.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          {t("loading")}
        </p>
      ) : templates.isError ? (
        <RetryStatus message={TEMPLATES_LOAD_FAILED} onRetry={() => void templates.refetch()} className="mt-4" />
      ) : list && list.length ? (
        <ul className="mt-4 divide-y divide-ink-soft/20 border-y border-ink-soft/20">
          {list.map((template) => (
            <li key={template.id} className="flex items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{template.name}</p>
                <p className="truncate text-sm text-ink-soft">{templateSummary(template)}</p>
              </div>
              <button
                type="button"
                onClick={() =>
                  setEditing({
                    template,
                    start: { name: template.name, title: template.title, content: template.content },
                  })
                }
                aria-label={t("edit", { name: template.name })}
                className={buttonClass("secondary", "size-11 shrink-0 p-0")}
              >
                <Pencil aria-hidden className="size-4" />
              </button>
              <button
                type="button"
                onClick={() => setDeleting(template)}
                aria-label={t("delete", { name: template.name })}
                className={buttonClass("danger", "size-11 shrink-0 p-0")}
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 text-sm text-ink">
          <p>{t("empty")}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {examples.map((example) => (
              <button
                key={example.name}
                type="button"
                onClick={() => setEditing({ template: null, start: example })}
                className={buttonClass("secondary", "py-2")}
              >
                {example.name}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          ref={newButton}
          type="button"
          disabled={full || !list}
          onClick={() => setEditing({ template: null, start: EMPTY })}
          className={buttonClass("primary")}
        >
          <Plus aria-hidden className="size-4" />
          {t("new")}
        </button>
        {full ? <p className="text-sm text-ink-soft">{t("full", { max: TEMPLATES_MAX })}</p> : null}
      </div>
      <TemplateDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("deleteConfirm")}
        destructive
        busy={remove.isPending}
        busyLabel={t("deleting")}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        focusWhenOpenerGone={() => newButton.current}
      >
        {t("deleteText")}
      </ConfirmDialog>
    </section>
  );
}
