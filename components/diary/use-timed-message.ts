"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** A message that clears itself `ms` after it was last shown (docs/product.md §9: 2 s, 3 s, 5 s). */
export function useTimedMessage<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setValue(null);
  }, []);

  const show = useCallback(
    (next: T) => {
      window.clearTimeout(timer.current);
      setValue(next);
      timer.current = window.setTimeout(() => setValue(null), ms);
    },
    [ms],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [value, show, clear] as const;
}
