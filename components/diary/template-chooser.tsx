"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef } from "react";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TEMPLATES_LOAD_FAILED, templatesQuery, templateSummary, type Template } from "@/client/templates";
import { RetryStatus } from "@/components/ui/retry-status";

/**
 * "Start from a template" on an empty page (docs/decisions/125-templates.md): the person's
 * templates, one button each; choosing one puts its title and text on the page. Without any, a
 * link to /me → Writing, where they are made. Loaded when the empty page's Template button is near.
 */
export function TemplateChooser({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (template: Template) => void;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Start from a template">
      {open ? <Choices onChoose={onChoose} /> : null}
    </ModalDialog>
  );
}

function Choices({ onChoose }: { onChoose: (template: Template) => void }) {
  const templates = useQuery(templatesQuery());
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const count = templates.data?.length ?? 0;
  // Opened before the list came (its first request): the keyboard goes to the first template once it is here.
  useEffect(() => {
    if (count && !list.current?.contains(document.activeElement)) list.current?.querySelector("button")?.focus();
  }, [count]);
  if (templates.isPending)
    return (
      <p role="status" className="text-sm text-ink-soft">
        Loading your templates…
      </p>
    );
  if (templates.isError)
    return <RetryStatus message={TEMPLATES_LOAD_FAILED} onRetry={() => void templates.refetch()} autofocus />;
  if (!templates.data.length)
    return (
      <p className="text-sm text-ink">
        You have no templates yet.{" "}
        <Link href="/me/writing" data-autofocus className="font-semibold text-accent underline underline-offset-4">
          Make one in Your writing
        </Link>
        .
      </p>
    );
  return (
    <ul ref={list} className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
      {templates.data.map((t, i) => (
        <li key={t.id}>
          <button
            type="button"
            data-autofocus={i === 0 ? true : undefined}
            onClick={() => onChoose(t)}
            aria-describedby={`${id}-${i}`}
            className="w-full rounded-md border border-ink-soft/40 bg-paper px-3 py-2 text-left font-semibold text-ink hover:bg-paper-deep"
          >
            {t.name}
          </button>
          <p id={`${id}-${i}`} className="sr-only">
            {templateSummary(t)}
          </p>
        </li>
      ))}
    </ul>
  );
}
