"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { saveTemplate, templateKeys, type Template } from "@/client/templates";
import { notify } from "@/client/toasts";
import { checkTemplate, type TemplateFields } from "@/lib/templates/checks";
import { TEMPLATE_CONTENT_MAX, TEMPLATE_NAME_MAX, TEMPLATE_TITLE_MAX } from "@/lib/templates/limits";
import { countCharacters } from "@/lib/validation/graphemes";

/** What the dialog is for: a new template (from nothing, or from an example) or one to change. */
export type TemplateEditing = { template: Template | null; start: TemplateFields };

/** New template / Edit template (docs/decisions/125-templates.md): a name, a title, a text; each error beside its field. */
export function TemplateDialog({ editing, onClose }: { editing: TemplateEditing | null; onClose: () => void }) {
  const t = useTranslations("me.templateDialog");
  return (
    <ModalDialog open={editing !== null} onClose={onClose} title={editing?.template ? t("editTitle") : t("newTitle")}>
      {editing ? <TemplateForm editing={editing} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function TemplateForm({ editing, onDone }: { editing: TemplateEditing; onDone: () => void }) {
  const t = useTranslations("me.templateDialog");
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing.start.name);
  const [title, setTitle] = useState(editing.start.title);
  const [content, setContent] = useState(editing.start.content);
  const { formProps, errors, busy } = useForm({
    values: (): TemplateFields => ({ name, title, content }),
    check: checkTemplate,
    send: (fields) => saveTemplate(editing.template?.id ?? null, fields),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      notify.success(t("saved"));
      onDone();
    },
    onError: (error) => notify.error(error.message),
  });
  const count = countCharacters(content);
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <TextField
        label={t("name")}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={TEMPLATE_NAME_MAX}
        autoComplete="off"
        data-autofocus
        errors={errors.name}
      />
      <TextField
        label={t("title")}
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        autoComplete="off"
        errors={errors.title}
        hint={t("titleHint", { max: TEMPLATE_TITLE_MAX })}
      />
      <TextAreaField
        label={t("content")}
        name="content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={6}
        errors={errors.content}
        counter={{ text: t("counter", { count, max: TEMPLATE_CONTENT_MAX }), warn: TEMPLATE_CONTENT_MAX - count <= 50 }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")} disabled={busy}>
          {t("cancel")}
        </button>
        <BusyButton type="submit" busy={busy} busyLabel={t("saving")}>
          {t("save")}
        </BusyButton>
      </div>
    </form>
  );
}
