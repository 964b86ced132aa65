"use client";

import { Heart } from "lucide-react";
import { useId } from "react";
import type { FeedItem } from "@/client/feed";
import { useHeart } from "./use-heart";

/** A real toggle: named after the entry, pressed when I sent a heart, its count as the description. */
export function HeartButton({ item }: { item: FeedItem }) {
  const { toggle } = useHeart(item);
  const countId = useId();
  return (
    <button
      type="button"
      aria-pressed={item.likedByMe}
      aria-label={`Heart ${item.title}`}
      aria-describedby={countId}
      onClick={toggle}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-ink-soft transition-[color,background-color] hover:bg-paper-deep hover:text-accent aria-pressed:text-accent"
    >
      <Heart aria-hidden className={`size-5 ${item.likedByMe ? "fill-current" : ""}`} />
      <span id={countId}>
        {item.likes}
        <span className="sr-only"> {item.likes === 1 ? "heart" : "hearts"}</span>
      </span>
    </button>
  );
}
