"use client";

import { ImageIcon } from "lucide-react";
import Image from "next/image";
import { useState } from "react";

/** The photo's own size, when it is known. */
export type PhotoSize = { width: number; height: number } | null;

type FrameProps = { src: string; alt: string; size: PhotoSize };

/** The frame's width: the whole column, at most what a 24rem-tall photo of its shape takes. */
export function frameWidth(size: PhotoSize): string {
  const ratio = size ? size.width / size.height : 4 / 3;
  return `min(100%, ${(24 * ratio).toFixed(3)}rem)`;
}

/**
 * A photo on the page, in a frame of its own shape (4:3 until the shape is known) whose space is
 * kept while it loads, so the text around it never jumps. At most 24rem tall.
 */
export function PhotoFrame({ src, alt, size }: FrameProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const ratio = size ? size.width / size.height : 4 / 3;
  return (
    <div
      className="relative overflow-hidden rounded-md border border-ink-soft/20 bg-paper-deep shadow-sm"
      style={{ aspectRatio: String(ratio), width: frameWidth(size) }}
    >
      {loadedSrc === src ? null : (
        <span aria-hidden className="absolute inset-0 grid place-items-center text-ink-soft">
          <ImageIcon className="size-8" />
        </span>
      )}
      <Image
        src={src}
        alt={alt}
        fill
        unoptimized
        sizes="(min-width: 769px) 36rem, 100vw"
        onLoad={() => setLoadedSrc(src)}
        className="object-contain"
      />
    </div>
  );
}
