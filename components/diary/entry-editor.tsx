"use client";

import type { FormEvent, KeyboardEvent, ReactNode, Ref } from "react";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import type { EntryFields } from "@/client/journals";
import { formatLongDay } from "@/client/local-day";
import type { CheckedPhoto } from "@/client/photo-check";
import { REQUIRED_MESSAGE, TITLE_MAX } from "@/lib/validation/journal-limits";
import { ActionBar } from "./action-bar";
import { ContentField, TextCounter } from "./content-field";
import { isComplete, type EditorState } from "./editor-state";
import { PhotoPreview, PhotoUploadButton, usePhotoDrop } from "./photo-field";
import { limitInsertion } from "./text-limits";
import { VisibilityOptions } from "./visibility-options";

type Props = {
  editor: EditorState;
  isToday: boolean;
  saving: boolean;
  titleRef: Ref<HTMLInputElement>;
  status: ReactNode;
  onFields: (patch: Partial<EntryFields>) => void;
  onPickPhoto: (photo: CheckedPhoto) => void;
  onRemovePhoto: () => void;
  onError: (message: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onEscape: () => void;
};

/**
 * The page being written: title, text and photo on the ruled sheet (a photo can be dropped on it),
 * who may read it, and the action bar with the counter, Save/Update, Cancel and the photo button.
 */
export function EntryEditor({ editor, isToday, saving, titleRef, status, onFields, onPickPhoto, onRemovePhoto, onError, onSave, onCancel, onEscape }: Props) {
  const { fields, entry } = editor;
  const [pageFull, setPageFull] = useState(false);
  const contentId = useId();
  const drop = usePhotoDrop({ onPick: onPickPhoto, onError });
  const editing = entry !== null;
  const complete = isComplete(fields);
  const photoSrc = editor.photo?.url ?? (editor.removePhoto ? null : (entry?.images[0] ?? null));
  const heading = editing ? "Edit your entry" : isToday ? "Write today's story" : "Write this day's story";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (complete && !saving) onSave();
  }

  function keyDown(e: KeyboardEvent) {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    onEscape();
  }

  return (
    <form onSubmit={submit} onKeyDown={keyDown} aria-label={heading} noValidate {...drop.targetProps}>
      <div
        className={`notebook rounded-t-lg border border-b-0 border-ink-soft/20 pt-8 pr-4 pb-8 pl-14 shadow-sheet sm:pr-8 ${drop.over ? "outline-3 -outline-offset-8 outline-accent outline-dashed" : ""}`}
      >
        <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">{formatLongDay(editor.day)}</p>
        <h2 className="truncate text-xl leading-8 text-leather">{heading}</h2>
        <label htmlFor="entry-title" className="sr-only">
          Title
        </label>
        <input
          id="entry-title"
          ref={titleRef}
          value={fields.title}
          onChange={(e) => onFields({ title: limitInsertion(e.target.value, e.target.selectionEnd ?? e.target.value.length, TITLE_MAX).text })}
          placeholder="Title"
          autoComplete="off"
          className="block h-8 w-full bg-transparent font-serif text-xl leading-8 font-semibold text-ink placeholder:text-ink-soft/80"
        />
        <ContentField
          id={contentId}
          label="Your story"
          value={fields.content}
          onChange={(content) => onFields({ content })}
          pageFull={pageFull}
          onPageFull={setPageFull}
          describedBy={`${contentId}-counter ${contentId}-limit`}
        />
        <PhotoPreview
          src={photoSrc}
          size={editor.photo?.size ?? null}
          isNew={editor.photo !== null}
          description={fields.imageDescription}
          onDescription={(imageDescription) => onFields({ imageDescription })}
          onRemove={onRemovePhoto}
        />
      </div>

      <div className="border-x border-ink-soft/20 bg-paper px-4 py-5 sm:px-8">
        <VisibilityOptions visibility={fields.visibility} isAnonymous={fields.isAnonymous} onChange={onFields} />
      </div>

      <ActionBar>
        <TextCounter id={contentId} value={fields.content} pageFull={pageFull} />
        <div className="flex flex-wrap items-center gap-3">
          <BusyButton type="submit" busy={saving} busyLabel={editing ? "Updating…" : "Saving…"} disabled={!complete} aria-describedby={complete ? undefined : "entry-required"}>
            {editing ? "Update" : "Save"}
          </BusyButton>
          {editing ? (
            <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
              Cancel
            </button>
          ) : null}
          <PhotoUploadButton hasPhoto={photoSrc !== null} onPick={onPickPhoto} onError={onError} />
        </div>
        {status}
        {complete ? null : (
          <p id="entry-required" className="basis-full text-sm text-ink-soft">
            {REQUIRED_MESSAGE}
          </p>
        )}
      </ActionBar>
    </form>
  );
}
