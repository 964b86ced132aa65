"use client";

import { useEffect, useState } from "react";

/**
 * Code that no first paint needs, kept out of every page's first-load JavaScript
 * (docs/performance.md, "First-load JavaScript"): `load()` fetches it once, and `useLoaded()`
 * gives it to a component once the page has hydrated (undefined until then), so it is there before
 * a person can reach for it. A failed fetch (offline, a new deployment) is tried again by the
 * next `load()`, and by `useLoaded` whenever `retry` changes.
 */
export function onDemand<T>(fetchModule: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | null = null;
  const load = () =>
    (loading ??= fetchModule().then(
      (v) => (value = v),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));

  /** `when`: fetch it only once this holds (an empty page that offers a prompt); until then, undefined. */
  function useLoaded(retry?: unknown, when = true): T | undefined {
    const [loaded, setLoaded] = useState<T | undefined>(() => value);
    useEffect(() => {
      if (loaded !== undefined || !when) return;
      let live = true;
      load().then(
        (v) => live && setLoaded(() => v),
        () => {
          // Offline or redeployed: the next change of `retry` (an open) tries again.
        },
      );
      return () => {
        live = false;
      };
    }, [loaded, retry, when]);
    return loaded;
  }

  return { load, useLoaded };
}
