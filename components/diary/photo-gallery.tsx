"use client";

import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import Image from "next/image";
import { useId, useLayoutEffect, useRef, useState, type DragEvent } from "react";
import { IMAGE_DESCRIPTION_MAX } from "@/lib/validation/journal-limits";
import { PHOTOS_MAX, type GalleryPhoto } from "./editor-state";

// The page's photos in the editor, once it has more than one (docs/decisions/134): in order, the
// first the cover; each with its description, moved earlier or later by its buttons (the keyboard's
// way, and a phone's) or dragged to its place with a mouse, and removed.

type Control = "earlier" | "later" | "remove";

/** A photo's small buttons: an icon in a 40 px target, named by its aria-label. */
const ICON_BUTTON =
  "inline-grid size-10 place-items-center rounded-md text-accent transition-colors hover:bg-paper-deep disabled:cursor-not-allowed disabled:text-ink-soft/60";

/** Where the focus goes once the list has changed: a photo's control, or the list's heading when it is empty. */
type FocusWish = { key: string; control: Control } | "heading" | null;

/** A list with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export function PhotoGallery({
  photos,
  onChange,
}: {
  photos: GalleryPhoto[];
  onChange: (photos: GalleryPhoto[]) => void;
}) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusWish = useRef<FocusWish>(null);
  const [said, setSaid] = useState("");
  const [dragged, setDragged] = useState<string | null>(null);

  // A moved photo's button keeps the focus in its new place (React moved the element, which drops it).
  useLayoutEffect(() => {
    const wish = focusWish.current;
    if (!wish) return;
    focusWish.current = null;
    if (wish === "heading") return headingRef.current?.focus();
    const item = [...(listRef.current?.children ?? [])].find(
      (li) => li instanceof HTMLElement && li.dataset.photo === wish.key,
    );
    const controls = [wish.control, "later", "earlier", "remove"].map((c) =>
      item?.querySelector<HTMLButtonElement>(`[data-control="${c}"]`),
    );
    controls.find((b) => b && !b.disabled)?.focus();
  });

  function move(from: number, to: number, control: Control | null) {
    const photo = photos[from];
    if (!photo || to < 0 || to >= photos.length || from === to) return;
    if (control) focusWish.current = { key: photo.key, control };
    setSaid(`Photo ${from + 1} moved to place ${to + 1} of ${photos.length}${to === 0 ? ", the cover" : ""}.`);
    onChange(moved(photos, from, to));
  }

  function remove(index: number) {
    const next = photos.filter((_, i) => i !== index);
    const after = next[Math.min(index, next.length - 1)];
    focusWish.current = after ? { key: after.key, control: "remove" } : "heading";
    setSaid(`Photo ${index + 1} removed. ${next.length} ${next.length === 1 ? "photo" : "photos"} left.`);
    onChange(next);
  }

  function describe(index: number, description: string) {
    onChange(photos.map((p, i) => (i === index ? { ...p, description } : p)));
  }

  const dropOn = (index: number) => ({
    onDragOver: (e: DragEvent) => {
      if (dragged === null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
    },
    onDrop: (e: DragEvent) => {
      if (dragged === null) return;
      e.preventDefault();
      // Not a file dropped on the page (./photo-field.tsx): a photo of the list moved.
      e.stopPropagation();
      move(
        photos.findIndex((p) => p.key === dragged),
        index,
        null,
      );
      setDragged(null);
    },
  });

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-sans text-sm leading-8 font-semibold text-ink">
        Photos{" "}
        <span className="font-normal text-ink-soft">
          ({photos.length} of {PHOTOS_MAX}; the first is the cover)
        </span>
      </h3>
      <ol ref={listRef} className="grid gap-3 sm:grid-cols-2">
        {photos.map((photo, i) => (
          <li
            key={photo.key}
            data-photo={photo.key}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", `Photo ${i + 1}`);
              setDragged(photo.key);
            }}
            onDragEnd={() => setDragged(null)}
            {...dropOn(i)}
            className={`flex gap-3 rounded-md border bg-paper p-2 font-sans ${dragged === photo.key ? "border-accent opacity-60" : "border-ink-soft/30"}`}
          >
            <div className="flex flex-col items-center gap-1">
              <span className="relative block size-20 overflow-hidden rounded-md border border-ink-soft/20 bg-paper-deep">
                <Image
                  src={photo.url}
                  alt={photo.description.trim() || `Photo ${i + 1}`}
                  fill
                  unoptimized
                  sizes="5rem"
                  className="object-cover"
                />
              </span>
              <GripVertical aria-hidden className="size-4 cursor-grab text-ink-soft" />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm font-semibold text-ink">{i === 0 ? "Photo 1, the cover" : `Photo ${i + 1}`}</p>
              <label htmlFor={`${headingId}-${i}`} className="text-xs text-ink-soft">
                Describe photo {i + 1} for people who cannot see it
              </label>
              <input
                id={`${headingId}-${i}`}
                value={photo.description}
                onChange={(e) => describe(i, e.target.value.replace(/[\r\n\t]+/g, " "))}
                maxLength={IMAGE_DESCRIPTION_MAX}
                placeholder="Description (optional)"
                autoComplete="off"
                className="block h-9 w-full rounded-md border border-ink-soft/30 bg-paper px-2 text-sm text-ink placeholder:text-ink-soft/80"
              />
              <div className="flex flex-wrap gap-1">
                {(
                  [
                    ["earlier", `Move photo ${i + 1} earlier`, ArrowUp, i === 0],
                    ["later", `Move photo ${i + 1} later`, ArrowDown, i === photos.length - 1],
                    ["remove", `Remove photo ${i + 1}`, Trash2, false],
                  ] as const
                ).map(([control, label, Icon, disabled]) => (
                  <button
                    key={control}
                    type="button"
                    data-control={control}
                    disabled={disabled}
                    onClick={() =>
                      control === "remove" ? remove(i) : move(i, control === "earlier" ? i - 1 : i + 1, control)
                    }
                    aria-label={label}
                    className={ICON_BUTTON}
                  >
                    <Icon aria-hidden className="size-4" />
                  </button>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </section>
  );
}
