"use client";

import { ImagePlus, Trash2 } from "lucide-react";
import Image from "next/image";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button-styles";

// API.md "Images": the server refuses anything larger.
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = "Please choose an image file.";
export const PHOTO_TOO_LARGE = "The photo must be at most 5 MB.";

/** The action bar's photo control: image files only (SPEC.md §5), checked before anything is sent. */
export function PhotoUploadButton({ hasPhoto, onPick, onError }: { hasPhoto: boolean; onPick: (file: File) => void; onError: (message: string) => void }) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="peer sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Let the same file be chosen again after a removal.
          e.target.value = "";
          if (!file) return;
          if (!file.type.startsWith("image/")) onError(NOT_AN_IMAGE);
          else if (file.size > PHOTO_MAX_BYTES) onError(PHOTO_TOO_LARGE);
          else onPick(file);
        }}
      />
      <label
        htmlFor={id}
        className={buttonClass("secondary", "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent")}
      >
        <ImagePlus aria-hidden className="size-4" />
        {hasPhoto ? "Change photo" : "Add photo"}
      </label>
    </div>
  );
}

/** The photo that will be saved: a newly chosen one (`isNew`) or the entry's current one; with Remove. */
export function PhotoPreview({ src, isNew, onRemove }: { src: string | null; isNew: boolean; onRemove: () => void }) {
  if (!src) return null;
  return (
    <figure className="flex flex-col items-start gap-2">
      <Image
        src={src}
        alt={isNew ? "Preview of the chosen photo" : "The entry's photo"}
        width={640}
        height={480}
        unoptimized
        className="h-auto max-h-64 w-auto max-w-full rounded-md border border-ink-soft/20 object-contain shadow-sm"
      />
      <button type="button" onClick={onRemove} className={buttonClass("ghost", "px-0")}>
        <Trash2 aria-hidden className="size-4" />
        Remove photo
      </button>
    </figure>
  );
}
