"use client";

import { History } from "lucide-react";
import type { FormEvent, Ref } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import type { EntryFields } from "@/lib/client/journals";
import { formatLongDay } from "@/lib/client/local-day";
import { REQUIRED_MESSAGE, TITLE_MAX } from "@/lib/validation/journal-limits";
import { ContentField } from "./content-field";
import { isComplete, type EditorState } from "./editor-state";
import { PhotoPreview, PhotoUploadButton } from "./photo-field";
import { limitInsertion } from "./text-limits";
import { VisibilityOptions } from "./visibility-options";

type Props = {
  editor: EditorState;
  isToday: boolean;
  saving: boolean;
  titleRef: Ref<HTMLInputElement>;
  onFields: (patch: Partial<EntryFields>) => void;
  onPickPhoto: (file: File) => void;
  onRemovePhoto: () => void;
  onError: (message: string) => void;
  onSave: () => void;
  onCancel: () => void;
};

/** The page being written: title and text on the ruled sheet, then who may read it, the photo and the action bar. */
export function EntryEditor({ editor, isToday, saving, titleRef, onFields, onPickPhoto, onRemovePhoto, onError, onSave, onCancel }: Props) {
  const { fields, entry } = editor;
  const editing = entry !== null;
  const complete = isComplete(fields);
  const photoSrc = editor.photo?.url ?? (editor.removePhoto ? null : (entry?.images[0] ?? null));
  const heading = editing ? "Edit your entry" : isToday ? "Write today's story" : "Write this day's story";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (complete && !saving) onSave();
  }

  return (
    <form onSubmit={submit} aria-label={heading} noValidate>
      <div className="notebook min-h-[48rem] rounded-t-lg border border-b-0 border-ink-soft/20 pt-8 pr-4 pl-14 shadow-md sm:pr-8">
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
          className="block h-8 w-full bg-transparent font-serif text-xl leading-8 font-semibold text-ink placeholder:text-ink-soft/80 focus-visible:outline-accent/40"
        />
        <ContentField label="Your story" value={fields.content} onChange={(content) => onFields({ content })} />
      </div>

      <div className="flex flex-col gap-5 rounded-b-lg border border-ink-soft/20 bg-paper px-4 py-5 shadow-md sm:px-8">
        {editor.restored ? (
          <p role="status" className="flex items-center gap-2 text-sm font-semibold text-leather">
            <History aria-hidden className="size-4" />
            Draft restored
            <span className="font-normal text-ink-soft">— your unsaved words from this device are back.</span>
          </p>
        ) : null}
        <VisibilityOptions visibility={fields.visibility} isAnonymous={fields.isAnonymous} onChange={onFields} />
        <PhotoPreview src={photoSrc} isNew={editor.photo !== null} onRemove={onRemovePhoto} />
        <div className="flex flex-wrap items-center gap-3 border-t border-rule pt-4">
          <BusyButton type="submit" busy={saving} busyLabel={editing ? "Updating…" : "Saving…"} disabled={!complete} aria-describedby={complete ? undefined : "entry-required"}>
            {editing ? "Update" : "Save"}
          </BusyButton>
          {editing ? (
            <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
              Cancel
            </button>
          ) : null}
          <PhotoUploadButton hasPhoto={photoSrc !== null} onPick={onPickPhoto} onError={onError} />
          {complete ? null : (
            <p id="entry-required" className="basis-full text-sm text-ink-soft">
              {REQUIRED_MESSAGE}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
