"use client";

import type { FormEvent, KeyboardEvent, ReactNode, Ref } from "react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import type { EntryFields } from "@/client/journals";
import { formatLongDay } from "@/lib/dates/local-day";
import type { CheckedPhoto } from "@/client/photo-check";
import {
  CONTENT_MAX,
  LONG_PAGE_STAYS_PRIVATE_MESSAGE,
  TITLE_AND_CONTENT_REQUIRED_MESSAGE,
  TITLE_MAX,
  TITLE_TOO_LONG_MESSAGE,
  countCharacters,
} from "@/lib/validation/journal-limits";
/** Said while a photo over 5 MB is made smaller in the browser (docs/decisions/126). */
const PREPARING_PHOTO_MESSAGE = "Making the photo smaller…";
/** The title's count shows from this many characters before its limit. */
const TITLE_COUNT_FROM = 20;
import { ActionBar } from "./action-bar";
import { ContentField, TextCounter } from "./content-field";
import { PromptActions, useDayPrompt } from "./day-prompt";
import { FormatToolbar } from "./format-toolbar";
import { PHOTOS_MAX, isComplete, type EditorState, type GalleryPhoto } from "./editor-state";
import { PhotoGallery } from "./photo-gallery";
import { PhotoPreview, PhotoUploadButton, usePhotoDrop } from "./photo-field";
import { useWritingMode } from "./use-writing-mode";
import { MoodOptions } from "./mood-options";
import { ActivityOptions } from "./activity-options";
import { VisibilityOptions } from "./visibility-options";

type Props = {
  editor: EditorState;
  isToday: boolean;
  saving: boolean;
  titleRef: Ref<HTMLInputElement>;
  status: ReactNode;
  onFields: (patch: Partial<EntryFields>) => void;
  /** A photo chosen: the page's one, or (`add`) one more, making or growing its gallery. */
  onPickPhoto: (photo: CheckedPhoto, add?: boolean) => void;
  onRemovePhoto: () => void;
  onGallery: (photos: GalleryPhoto[]) => void;
  onError: (message: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onEscape: () => void;
};

/** Ctrl+Enter or Ctrl+S (⌘ on a Mac) saves, as in the editors people know. */
function isSaveShortcut(e: { ctrlKey: boolean; metaKey: boolean; altKey: boolean; key: string }): "enter" | "s" | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  if (e.key === "Enter") return "enter";
  return e.key.toLowerCase() === "s" ? "s" : null;
}

/**
 * The entry being written: title, text and photo on the ruled sheet (a photo can be dropped on it),
 * who may read it, and the action bar with the counter, Save/Update, Cancel and the photo button.
 */
export function EntryEditor({
  editor,
  isToday,
  saving,
  titleRef,
  status,
  onFields,
  onPickPhoto,
  onRemovePhoto,
  onGallery,
  onError,
  onSave,
  onCancel,
  onEscape,
}: Props) {
  const { fields, entry } = editor;
  const [pageFull, setPageFull] = useState(false);
  // "Another prompt" asked so often for this page (./day-prompt.tsx): the question stays while the page is empty.
  const [promptTurn, setPromptTurn] = useState(0);
  // A template was chosen (so many times): the focus goes to the end of its text.
  const [writeAfterTemplate, setWriteAfterTemplate] = useState(0);
  const contentId = useId();
  const { gallery } = editor;
  // A big photo being made smaller before it can be shown (client/photo-check.ts): said at once, and Save waits for it.
  const [preparing, setPreparing] = useState(false);
  const picked = { onError, onPreparing: setPreparing };
  // With a gallery, a photo chosen or dropped is one more (at most PHOTOS_MAX); else it is the page's photo.
  const drop = usePhotoDrop({ onPick: (photo) => onPickPhoto(photo, gallery !== null), ...picked });
  useEffect(() => {
    if (!writeAfterTemplate) return;
    const text = document.getElementById(contentId);
    if (!(text instanceof HTMLTextAreaElement)) return;
    text.focus();
    text.setSelectionRange(text.value.length, text.value.length);
  }, [writeAfterTemplate, contentId]);
  const editing = entry !== null;
  // An empty new page offers a question to write about (docs/decisions/124-prompts-on-an-empty-day.md).
  const offerPrompt = !editing && fields.title === "" && fields.content.trim() === "";
  const prompt = useDayPrompt(editor.day, promptTurn, offerPrompt);
  const complete = isComplete(fields);
  // An imported page longer than 900 characters may be saved as it is or shorter, never longer
  // (docs/decisions/078): its own length is its limit until it fits in 900.
  const storedLength = entry ? countCharacters(entry.content) : 0;
  const max = Math.max(CONTENT_MAX, storedLength);
  const titleLength = countCharacters(fields.title);
  // A title is never cut as it is typed or pasted: it is counted near its limit, and refused beside it past it.
  const titleFits = titleLength <= TITLE_MAX;
  const contentLength = countCharacters(fields.content);
  // Friends read pages of at most CONTENT_MAX: a longer one stays private until shortened (docs/decisions/097).
  const sharedTooLong = fields.visibility !== "private" && contentLength > CONTENT_MAX;
  const fits = contentLength <= max && titleFits && !sharedTooLong;
  const canSave = complete && fits && !saving;
  const photoSrc = editor.photo?.url ?? (editor.removePhoto ? null : (entry?.images[0] ?? null));
  const heading = editing ? "Edit your entry" : isToday ? "Write today's entry" : "Write this day's entry";
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const doneWriting = useWritingMode(formRef, headingRef);
  const save = () => {
    if (canSave) onSave();
  };
  const saveFromShortcut = useEffectEvent(save);

  // Ctrl/⌘+S anywhere on the page while the editor is open saves instead of opening the browser's
  // "Save page" dialog; a modal dialog on top (a question being asked) keeps the keys to itself.
  useEffect(() => {
    function onKey(e: globalThis.KeyboardEvent) {
      if (isSaveShortcut(e) !== "s" || e.defaultPrevented) return;
      e.preventDefault();
      const target = e.target instanceof Node ? e.target : null;
      if (target === document.body || (target && formRef.current?.contains(target))) saveFromShortcut();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    save();
  }

  function keyDown(e: KeyboardEvent) {
    if (e.defaultPrevented) return;
    if (isSaveShortcut(e) === "enter") {
      e.preventDefault();
      save();
      return;
    }
    if (e.key !== "Escape") return;
    e.preventDefault();
    onEscape();
  }

  return (
    <form ref={formRef} onSubmit={submit} onKeyDown={keyDown} aria-label={heading} noValidate {...drop.targetProps}>
      <div
        className={`notebook rounded-t-lg border border-b-0 border-ink-soft/20 pt-8 pr-4 pb-8 pl-14 shadow-sheet sm:pr-8 ${drop.over ? "outline-3 -outline-offset-8 outline-accent outline-dashed" : ""}`}
      >
        <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">
          {formatLongDay(editor.day)}
        </p>
        <h2 ref={headingRef} tabIndex={-1} className="truncate text-xl leading-8 text-leather outline-none">
          {heading}
        </h2>
        <label htmlFor="entry-title" className="sr-only">
          Title
        </label>
        <input
          id="entry-title"
          ref={titleRef}
          dir="auto"
          value={fields.title}
          onChange={(e) => onFields({ title: e.target.value })}
          placeholder="Title"
          autoComplete="off"
          aria-invalid={titleFits ? undefined : true}
          aria-describedby={titleLength > TITLE_MAX - TITLE_COUNT_FROM ? "entry-title-count" : undefined}
          className="block h-8 w-full bg-transparent font-serif text-xl leading-8 font-semibold text-ink placeholder:text-ink-soft/80"
        />
        {titleLength > TITLE_MAX - TITLE_COUNT_FROM ? (
          <p
            id="entry-title-count"
            aria-live="polite"
            className={`font-sans text-sm leading-8 ${titleFits ? "text-ink-soft" : "font-semibold text-danger"}`}
          >
            {titleFits
              ? `Title: ${titleLength}/${TITLE_MAX} characters`
              : `${TITLE_TOO_LONG_MESSAGE} (${titleLength} now)`}
          </p>
        ) : null}
        {offerPrompt ? (
          <PromptActions
            prompt={prompt}
            turn={promptTurn}
            onAnother={() => setPromptTurn((turn) => turn + 1)}
            onUseAsTitle={(question) => {
              onFields({ title: question });
              // The question is the title now: the answer is written below it.
              document.getElementById(contentId)?.focus();
            }}
            onTemplate={(template) => {
              onFields({ title: template.title, content: template.content });
              // Once the chooser has closed: the writing goes on at the end of the template's text.
              setWriteAfterTemplate((n) => n + 1);
            }}
          />
        ) : null}
        {storedLength > CONTENT_MAX ? (
          <p
            id={`${contentId}-imported`}
            className="my-2 rounded-md border border-accent/40 bg-paper px-3 py-2 font-sans text-sm leading-6 text-ink"
          >
            Imported: longer than {CONTENT_MAX} characters. Editing keeps it as it is until you shorten it; it can get
            shorter, not longer, and it stays private until it is {CONTENT_MAX} characters or fewer.
          </p>
        ) : null}
        <ContentField
          id={contentId}
          label="Your entry"
          value={fields.content}
          placeholder={prompt ?? undefined}
          max={max}
          onChange={(content) => onFields({ content })}
          pageFull={pageFull}
          onPageFull={setPageFull}
          describedBy={`${storedLength > CONTENT_MAX ? `${contentId}-imported ` : ""}${contentId}-counter ${contentId}-limit`}
        />
        {gallery ? (
          <PhotoGallery photos={gallery} onChange={onGallery} />
        ) : (
          <PhotoPreview
            src={photoSrc}
            size={editor.photo?.size ?? null}
            isNew={editor.photo !== null}
            shrunkFrom={editor.photo?.shrunkFrom}
            description={fields.imageDescription}
            onDescription={(imageDescription) => onFields({ imageDescription })}
            onRemove={onRemovePhoto}
            addAnother={{ onPick: (photo) => onPickPhoto(photo, true), ...picked }}
          />
        )}
      </div>

      <div className="border-x border-ink-soft/20 bg-paper px-4 py-5 sm:px-8">
        <FormatToolbar targetId={contentId} />
        <VisibilityOptions visibility={fields.visibility} isAnonymous={fields.isAnonymous} onChange={onFields} />
        <MoodOptions mood={fields.mood ?? null} onChange={(mood) => onFields({ mood })} />
        <ActivityOptions activities={fields.activities ?? []} onChange={(activities) => onFields({ activities })} />
        {sharedTooLong ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger">
            {LONG_PAGE_STAYS_PRIVATE_MESSAGE} ({contentLength} now).
          </p>
        ) : null}
      </div>

      <ActionBar>
        <TextCounter id={contentId} value={fields.content} pageFull={pageFull} max={max} />
        <div className="flex flex-wrap items-center gap-3">
          <BusyButton
            type="submit"
            busy={saving}
            busyLabel={editing ? "Updating…" : "Saving…"}
            disabled={!complete || !fits || preparing}
            aria-describedby={
              !complete ? "entry-required" : fits ? undefined : titleFits ? `${contentId}-limit` : "entry-title-count"
            }
            aria-keyshortcuts="Control+S Control+Enter Meta+S Meta+Enter"
          >
            {editing ? "Update" : "Save"}
          </BusyButton>
          {editing ? (
            <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
              Cancel
            </button>
          ) : null}
          {gallery === null ? (
            <PhotoUploadButton
              label={photoSrc !== null ? "Change photo" : "Add photo"}
              onPick={(photo) => onPickPhoto(photo)}
              {...picked}
            />
          ) : gallery.length < PHOTOS_MAX ? (
            <PhotoUploadButton label="Add photo" onPick={(photo) => onPickPhoto(photo, true)} {...picked} />
          ) : null}
          {/* Only while writing on a phone (app/globals.css): closes the keyboard, brings the chrome back. */}
          <span data-done-writing className="hidden">
            <button type="button" onClick={doneWriting} className={buttonClass("ghost")}>
              Done
            </button>
          </span>
        </div>
        {preparing ? (
          <p role="status" className="basis-full text-sm text-ink-soft">
            {PREPARING_PHOTO_MESSAGE}
          </p>
        ) : null}
        {status}
        {complete ? null : (
          <p id="entry-required" className="basis-full text-sm text-ink-soft">
            {TITLE_AND_CONTENT_REQUIRED_MESSAGE}
          </p>
        )}
      </ActionBar>
    </form>
  );
}
