"use client";

import { Heart } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import type { FeedItem } from "@/client/feed";
import { useHeart } from "./use-heart";

/** A character no message holds: where the count goes in its words. */
const SLOT = "\uE000";

/** The count shown, its words ("hearts") for a screen reader only. */
function countWords(words: string, count: number): ReactNode {
  const [before = "", ...after] = words.split(SLOT);
  return (
    <>
      {before ? <span className="sr-only">{before}</span> : null}
      {count}
      <span className="sr-only">{after.join("")}</span>
    </>
  );
}

/** A real toggle: named after the entry, pressed when I sent a heart, its count as the description. */
export function HeartButton({ item }: { item: FeedItem }) {
  const { toggle } = useHeart(item);
  const t = useTranslations("community.heart");
  const countId = useId();
  return (
    <button
      type="button"
      aria-pressed={item.likedByMe}
      aria-label={t("label", { title: item.title })}
      aria-describedby={countId}
      onClick={toggle}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-ink-soft transition-[color,background-color] hover:bg-paper-deep hover:text-accent aria-pressed:text-accent"
    >
      <Heart aria-hidden className={`size-5 ${item.likedByMe ? "fill-current" : ""}`} />
      <span id={countId}>{countWords(t("hearts", { count: item.likes, number: SLOT }), item.likes)}</span>
    </button>
  );
}
