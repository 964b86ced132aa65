"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Shapes, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  ACTIVITIES_LOAD_FAILED,
  activitiesQuery,
  activityKeys,
  renameActivity,
  saveActivities,
} from "@/client/activities";
import { notify } from "@/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";
import { RetryStatus } from "@/components/ui/retry-status";
import { TextField } from "@/components/ui/text-field";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITIES_MAX,
  ACTIVITY_ALREADY_MESSAGE,
  ACTIVITY_NAME_MAX,
  checkActivityName,
  sameActivity,
} from "@/lib/validation/activity-limits";
import { journalKeys } from "@/lib/query-keys";

/** The message a new name earns before it is sent, or null: the server's own rules (lib/validation/activity-limits.ts). */
function checkNew(raw: string, list: readonly string[], renaming: string | null = null): string | null {
  const checked = checkActivityName(raw);
  if ("error" in checked) return checked.error;
  if (list.some((a) => a !== renaming && sameActivity(a, checked.name))) return ACTIVITY_ALREADY_MESSAGE;
  if (renaming === null && list.length >= ACTIVITIES_MAX) return ACTIVITIES_FULL_MESSAGE;
  return null;
}

/**
 * Activities on /me → Writing (docs/decisions/136-activities.md): the person's own list to choose
 * from when they write a day. A name is added with the field, taken off with its ✕ (with Undo);
 * pages keep the activities they have. Its pencil renames it, on the list and on every page.
 */
export function ActivitiesCard() {
  const t = useTranslations("me.activities");
  const queryClient = useQueryClient();
  const list = useQuery(activitiesQuery());
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveActivities,
    onSuccess: (kept) => queryClient.setQueryData(activityKeys.list, kept),
  });
  const names = list.data ?? [];
  // The name being renamed, its new spelling and what refused it; the chip whose button gets the focus back.
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [renameError, setRenameError] = useState<string | null>(null);
  const focusChip = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusChip.current === null || renaming !== null) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-rename="${CSS.escape(focusChip.current)}"]`)?.focus();
    focusChip.current = null;
  }, [renaming, list.data]);
  // The rename field takes the focus as it opens.
  const renameField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (renaming !== null) renameField.current?.querySelector("input")?.select();
  }, [renaming]);
  const rename = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => renameActivity(from, to),
    onSuccess: (kept, { from, to }) => {
      queryClient.setQueryData(activityKeys.list, kept);
      // The pages that had it, and the moods' chart, show the new name.
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
      notify.success(t("renamed", { from, to }), { description: t("renamedText") });
      focusChip.current = to;
      setRenaming(null);
    },
    onError: (e) => setRenameError(e.message),
  });

  const startRename = (from: string) => {
    setRenaming(from);
    setNewName(from);
    setRenameError(null);
  };
  const stopRename = () => {
    focusChip.current = renaming;
    setRenaming(null);
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null) return;
    const trimmed = newName.trim();
    const refused = checkNew(trimmed, names, renaming);
    if (refused) return setRenameError(refused);
    if (trimmed === renaming) return stopRename();
    rename.mutate({ from: renaming, to: trimmed });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const refused = checkNew(trimmed, names);
    if (refused) return setError(refused);
    setError(null);
    save.mutate([...names, trimmed], {
      onSuccess: () => {
        setName("");
        notify.success(t("added", { name: trimmed }));
      },
      // A refusal's message names what the server refused; another failure says it could not save.
      onError: (e) => setError(e.message),
    });
  };

  const remove = (gone: string) => {
    const before = names;
    save.mutate(
      names.filter((a) => a !== gone),
      {
        onSuccess: () =>
          notify.success(t("removed", { name: gone }), {
            description: t("removedText"),
            action: { label: t("undo"), onClick: () => save.mutate(before) },
          }),
        onError: (e) => notify.error(e.message),
      },
    );
  };

  return (
    <section
      id="activities"
      aria-labelledby="activities-heading"
      className="min-w-0 scroll-mt-20 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="activities-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <Shapes aria-hidden className="size-5 text-accent" />
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("intro")}</p>
      {list.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          {t("loading")}
        </p>
      ) : list.isError ? (
        <RetryStatus message={ACTIVITIES_LOAD_FAILED} onRetry={() => void list.refetch()} className="mt-4" />
      ) : names.length ? (
        <ul ref={listRef} aria-label={t("list")} className="mt-4 flex flex-wrap gap-1.5">
          {names.map((a) => (
            <li
              key={a}
              className="flex min-h-11 items-center gap-1 rounded-full border border-ink-soft/30 bg-paper py-0.5 pr-0.5 pl-3 text-sm text-ink"
            >
              {a}
              <button
                type="button"
                data-rename={a}
                onClick={() => startRename(a)}
                disabled={save.isPending || rename.isPending}
                aria-label={t("renameName", { name: a })}
                className={buttonClass("ghost", "ml-1 size-10 rounded-full p-0")}
              >
                <Pencil aria-hidden className="size-4" />
              </button>
              <button
                type="button"
                onClick={() => remove(a)}
                disabled={save.isPending}
                aria-label={t("removeName", { name: a })}
                className={buttonClass("ghost", "size-10 rounded-full p-0")}
              >
                <X aria-hidden className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink">{t("empty")}</p>
      )}
      {list.data && renaming !== null ? (
        <form
          onSubmit={submitRename}
          onKeyDown={(e) => e.key === "Escape" && stopRename()}
          noValidate
          className="mt-4 flex flex-wrap items-start gap-2"
        >
          <div ref={renameField} className="min-w-0 flex-1 basis-56">
            <TextField
              label={t("newName", { name: renaming })}
              name="rename"
              value={newName}
              maxLength={ACTIVITY_NAME_MAX * 4}
              autoComplete="off"
              hint={t("newNameHint")}
              errors={renameError ? [renameError] : undefined}
              onChange={(e) => {
                setNewName(e.target.value);
                if (renameError) setRenameError(null);
              }}
            />
          </div>
          <div className="mt-6.5 flex gap-2">
            <button type="submit" disabled={rename.isPending} className={buttonClass("primary")}>
              {rename.isPending ? t("renaming") : t("rename")}
            </button>
            <button type="button" onClick={stopRename} className={buttonClass("secondary")}>
              {t("cancel")}
            </button>
          </div>
        </form>
      ) : list.data ? (
        <form onSubmit={add} noValidate className="mt-4 flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <TextField
              label={t("new")}
              name="activity"
              value={name}
              maxLength={ACTIVITY_NAME_MAX * 4}
              autoComplete="off"
              hint={t("newHint", { max: ACTIVITY_NAME_MAX, most: ACTIVITIES_MAX })}
              errors={error ? [error] : undefined}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
            />
          </div>
          <button type="submit" disabled={save.isPending} className={buttonClass("primary", "mt-6.5")}>
            <Plus aria-hidden className="size-4" />
            {t("add")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
