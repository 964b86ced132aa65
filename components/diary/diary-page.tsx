"use client";

import { useEffect, useRef, useState } from "react";
import { clearDraft, loadDraft, sameDraft, saveDraft } from "@/lib/client/diary-drafts";
import { FETCH_DAY_FAILED, deleteJournal, fetchJournalForDay, fetchMarkedDays, saveJournal, type DayResult, type EntryFields } from "@/lib/client/journals";
import { formatLongDay, parseDayKey, type DayKey } from "@/lib/client/local-day";
import { ConfirmDialog } from "./confirm-dialog";
import { DayMessages } from "./day-messages";
import { DiaryCalendar, SelectDateButton } from "./diary-calendar";
import { baselineOf, fieldsOf, isDirty, newEditor, openDay, type EditorState } from "./editor-state";
import { EntryEditor } from "./entry-editor";
import { EntryView } from "./entry-view";
import type { MonthView } from "./month-calendar";
import { PageSheet } from "./page-sheet";
import { useLocalToday } from "./use-local-today";
import { useTimedMessage } from "./use-timed-message";

// SPEC.md §9: the saved confirmation shows 3 s; an error message clears after 5 s.
const SAVED_MS = 3000;
const ERROR_MS = 5000;

type FocusTarget = "title" | "entry" | "calendar";

/** /my-diary: waits for the writer's local today (unknown on the server), then shows the diary. */
export function DiaryPage({ userId }: { userId: string }) {
  const today = useLocalToday();
  if (!today) return <PageSheet>Opening your diary…</PageSheet>;
  return <Diary userId={userId} today={today} />;
}

function Diary({ userId, today }: { userId: string; today: DayKey }) {
  const [selected, setSelected] = useState<DayKey>(today);
  const [view, setView] = useState<MonthView>(() => monthOf(today));
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<{ token: string; result: DayResult } | null>(null);
  const [marks, setMarks] = useState<{ key: string; days: Set<DayKey> } | null>(null);
  const [marksVersion, setMarksVersion] = useState(0);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<"asking" | "busy" | null>(null);
  const [pendingDay, setPendingDay] = useState<DayKey | null>(null);
  const [saved, showSaved] = useTimedMessage<string>(SAVED_MS);
  const [error, showError, clearError] = useTimedMessage<string>(ERROR_MS);
  const titleRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  const token = `${selected}#${reloads}`;
  const dirty = isDirty(editor);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchJournalForDay(selected, ctrl.signal).then(
      (result) => {
        if (ctrl.signal.aborted) return;
        const entry = result.kind === "entry" ? result.journal : null;
        const draft = loadDraft(userId, selected);
        // A draft identical to what is saved says nothing new.
        if (draft && entry && sameDraft(draft, fieldsOf(entry))) clearDraft(userId, selected);
        setLoaded({ token: `${selected}#${reloads}`, result });
        setEditor(result.kind === "error" ? null : openDay(selected, entry, draft));
      },
      () => {
        if (!ctrl.signal.aborted) setLoaded({ token: `${selected}#${reloads}`, result: { kind: "error" } });
      },
    );
    return () => ctrl.abort();
  }, [selected, reloads, userId]);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchMarkedDays(view.year, view.month, ctrl.signal).then(
      (days) => setMarks({ key: `${view.year}-${view.month}`, days }),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [view, marksVersion]);

  // Unsaved words are also kept as a draft, but closing the tab still deserves a question.
  useEffect(() => {
    if (!dirty) return;
    function onBeforeUnload(e: BeforeUnloadEvent) {
      e.preventDefault();
      e.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    const el = target === "title" ? titleRef.current : target === "entry" ? headingRef.current : visibleCalendarDay(selected);
    if (!el) return;
    focusNext.current = null;
    el.focus();
  });

  function goToDay(day: DayKey) {
    if (day === selected) return;
    if (isDirty(editor)) setPendingDay(day);
    else switchDay(day);
  }

  function switchDay(day: DayKey) {
    setPendingDay(null);
    clearError();
    setSelected(day);
    setView(monthOf(day));
  }

  function edit(update: (e: EditorState) => EditorState) {
    if (!editor) return;
    const next = update(editor);
    setEditor(next);
    if (sameDraft(next.fields, baselineOf(next))) clearDraft(userId, next.day);
    else saveDraft(userId, next.day, next.fields);
  }

  function afterChange(message: string, focus: FocusTarget) {
    showSaved(message);
    focusNext.current = focus;
    setEditor(null);
    setReloads((n) => n + 1);
    setMarksVersion((n) => n + 1);
  }

  async function save() {
    if (!editor || saving) return;
    clearError();
    setSaving(true);
    const { entry, fields, photo, removePhoto, day } = editor;
    const result = entry
      ? await saveJournal({ kind: "update", id: entry.id, fields, photo: photo?.file ?? null, removePhoto })
      : await saveJournal({ kind: "create", day, fields, photo: photo?.file ?? null });
    setSaving(false);
    // A failed save keeps everything: the text on screen and its draft.
    if (!result.ok) return showError(result.message);
    clearDraft(userId, day);
    afterChange(entry ? "Journal updated!" : "Journal saved!", "entry");
  }

  async function confirmDelete() {
    if (!savedEntry) return;
    setDeleting("busy");
    const result = await deleteJournal(savedEntry.id);
    setDeleting(null);
    if (!result.ok) return showError(result.message);
    clearDraft(userId, selected);
    afterChange("Journal deleted.", "title");
  }

  function cancelEditing() {
    if (!editor) return;
    clearDraft(userId, editor.day);
    clearError();
    setEditor(null);
    focusNext.current = "calendar";
  }

  const calendarProps = {
    view,
    onViewChange: setView,
    selected,
    today,
    marked: marks?.key === `${view.year}-${view.month}` ? marks.days : EMPTY_SET,
    onSelect: goToDay,
  };
  const isLoading = loaded?.token !== token;
  const savedEntry = loaded?.result.kind === "entry" ? loaded.result.journal : null;

  return (
    <div className="grid gap-6 min-[769px]:grid-cols-[19rem_minmax(0,1fr)] min-[769px]:items-start">
      <div className="flex items-center justify-between gap-3 min-[769px]:hidden">
        <p className="font-serif text-lg font-semibold text-leather">{formatLongDay(selected)}</p>
        <SelectDateButton {...calendarProps} />
      </div>
      <DiaryCalendar {...calendarProps} />
      <div className="flex min-w-0 flex-col gap-3">
        <DayMessages saved={saved} error={error} />
        {isLoading ? (
          <PageSheet>Loading journal for {formatLongDay(selected)}...</PageSheet>
        ) : loaded.result.kind === "error" ? (
          <PageSheet error onRetry={() => setReloads((n) => n + 1)}>
            {FETCH_DAY_FAILED}
          </PageSheet>
        ) : editor ? (
          <EntryEditor
            key={`${editor.day}-${editor.entry?.id ?? "new"}`}
            editor={editor}
            isToday={selected === today}
            saving={saving}
            titleRef={titleRef}
            onFields={(patch: Partial<EntryFields>) => edit((e) => ({ ...e, fields: { ...e.fields, ...patch } }))}
            onPickPhoto={(file) => edit((e) => ({ ...e, photo: replacePhotoUrl(e.photo, file), removePhoto: false }))}
            onRemovePhoto={() => edit((e) => ({ ...e, photo: replacePhotoUrl(e.photo, null), removePhoto: e.entry !== null && e.entry.images.length > 0 }))}
            onError={showError}
            onSave={() => void save()}
            onCancel={cancelEditing}
          />
        ) : savedEntry ? (
          <EntryView
            journal={savedEntry}
            headingRef={headingRef}
            onEdit={() => {
              clearError();
              setEditor(newEditor(selected, savedEntry, fieldsOf(savedEntry)));
              focusNext.current = "title";
            }}
            onDelete={() => setDeleting("asking")}
          />
        ) : null}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        confirmLabel="Delete"
        busy={deleting === "busy"}
        busyLabel="Deleting…"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((d) => (d === "busy" ? d : null))}
      >
        The entry for {formatLongDay(selected)} and its photo will be gone for good.
      </ConfirmDialog>
      <ConfirmDialog
        open={pendingDay !== null}
        title="Unsaved changes"
        confirmLabel="Switch day"
        cancelLabel="Keep writing"
        onConfirm={() => pendingDay && switchDay(pendingDay)}
        onCancel={() => setPendingDay(null)}
      >
        Your changes to {formatLongDay(selected)} are not saved yet. They stay on this device as a draft. Switch day anyway?
      </ConfirmDialog>
    </div>
  );
}

const EMPTY_SET: ReadonlySet<DayKey> = new Set();

function monthOf(day: DayKey): MonthView {
  const { year, month } = parseDayKey(day);
  return { year, month };
}

/** A new preview URL for `file`, releasing the one it replaces. */
function replacePhotoUrl(current: EditorState["photo"], file: File | null): EditorState["photo"] {
  if (current) URL.revokeObjectURL(current.url);
  return file ? { file, url: URL.createObjectURL(file) } : null;
}

/** The selected day's button in whichever calendar is showing, or the phone's 'Select Date' button. */
function visibleCalendarDay(day: DayKey): HTMLElement | null {
  const days = [...document.querySelectorAll<HTMLElement>(`[data-day="${day}"]`)].filter((el) => el.offsetParent !== null);
  return days[0] ?? document.getElementById("select-date-button");
}
