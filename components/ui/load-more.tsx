"use client";

import { useEffect, useRef } from "react";
import { BusyButton } from "@/components/ui/busy-button";

type Props = { hasMore: boolean; loading: boolean; onMore: () => void };

/**
 * The end of a paged list: scrolling near it loads the next page by itself, and a real button does
 * the same for a keyboard or a screen reader (docs/product.md "Read back"): the diary's List and
 * search, the inbox, a friend's page.
 */
export function LoadMore({ hasMore, loading, onMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center pt-2">
      <BusyButton type="button" busy={loading} busyLabel="Loading…" variant="secondary" onClick={onMore}>
        Load more
      </BusyButton>
    </div>
  );
}
