"use client";

import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { PhotoFrame, type PhotoSize } from "@/components/ui/photo-frame";
import { PHOTO_ACCEPT, checkPhoto, type CheckedPhoto } from "@/client/photo-check";
import { IMAGE_DESCRIPTION_MAX } from "@/lib/validation/journal-limits";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";

type PickHandlers = {
  onPick: (photo: CheckedPhoto) => void;
  onError: (message: string) => void;
  /** A photo over 5 MB is being made smaller here (seconds on a phone): true, then false. */
  onPreparing?: (preparing: boolean) => void;
};

/** Checks a chosen or dropped file with the server's rules before it becomes the entry's photo. */
async function take(file: File | undefined, { onPick, onError, onPreparing }: PickHandlers) {
  if (!file) return;
  const shrinking = file.size > IMAGE_MAX_BYTES;
  if (shrinking) onPreparing?.(true);
  try {
    const result = await checkPhoto(file);
    if (result.ok) onPick(result.photo);
    else onError(result.message);
  } finally {
    if (shrinking) onPreparing?.(false);
  }
}

/** A photo control: the types the server accepts (docs/product.md §5: image files only). */
export function PhotoUploadButton({ label, ...handlers }: { label: string } & PickHandlers) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={PHOTO_ACCEPT}
        className="peer sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Let the same file be chosen again after a removal.
          e.target.value = "";
          void take(file, handlers);
        }}
      />
      <label
        htmlFor={id}
        className={buttonClass(
          "secondary",
          "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
        )}
      >
        <ImagePlus aria-hidden className="size-4" />
        {label}
      </label>
    </div>
  );
}

/** Drag-and-drop of a photo onto the page: the handlers for the drop target and whether a file hovers over it. */
export function usePhotoDrop(handlers: PickHandlers) {
  const [over, setOver] = useState(false);
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes("Files");
  return {
    over,
    targetProps: {
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setOver(true);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        void take(e.dataTransfer.files[0], handlers);
      },
    },
  };
}

type PreviewProps = {
  src: string | null;
  size: PhotoSize;
  isNew: boolean;
  /** The chosen file's size in bytes when it was made smaller to fit (client/photo-check.ts). */
  shrunkFrom?: number;
  description: string;
  onDescription: (description: string) => void;
  onRemove: () => void;
  /** "Add another photo": the page's one photo becomes a gallery (docs/decisions/134); absent where a page keeps one. */
  addAnother?: PickHandlers;
};

/** "21.4 MB". */
function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/**
 * The photo that will be saved, where the read view shows it: a newly chosen one (`isNew`) or the
 * entry's current one; its description (the alt text wherever it is shown), and Remove.
 */
export function PhotoPreview({
  src,
  size,
  isNew,
  shrunkFrom,
  description,
  onDescription,
  onRemove,
  addAnother,
}: PreviewProps) {
  const descriptionId = useId();
  if (!src) return null;
  return (
    <figure className="mt-8 flex flex-col items-start gap-2">
      <PhotoFrame
        src={src}
        size={size}
        alt={description.trim() || (isNew ? "Preview of the chosen photo" : "The entry's photo")}
      />
      {shrunkFrom ? (
        <p className="text-sm text-ink-soft">
          Made smaller to fit: the photo you chose was {megabytes(shrunkFrom)}; it goes as a JPEG of at most 5 MB.
        </p>
      ) : null}
      <label htmlFor={descriptionId} className="text-sm text-ink-soft">
        Describe the photo for people who cannot see it
      </label>
      <input
        id={descriptionId}
        value={description}
        onChange={(e) => onDescription(e.target.value.replace(/[\r\n\t]+/g, " "))}
        maxLength={IMAGE_DESCRIPTION_MAX}
        placeholder="Photo description (optional)"
        autoComplete="off"
        className="block h-9 w-full max-w-xl rounded-md border border-ink-soft/30 bg-paper px-3 text-sm text-ink placeholder:text-ink-soft/80"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={onRemove} className={buttonClass("ghost", "px-0")}>
          <Trash2 aria-hidden className="size-4" />
          Remove photo
        </button>
        {addAnother ? <PhotoUploadButton label="Add another photo" {...addAnother} /> : null}
      </div>
    </figure>
  );
}
