"use client";

import { Search } from "lucide-react";
import { useId } from "react";

/**
 * The user search box of the navigation bar (SPEC.md §2). Results (GET /api/search, debounced)
 * arrive with the search feature; until then it is a labelled field that does nothing on submit.
 */
export function UserSearch({ className = "", autoFocus = false }: { className?: string; autoFocus?: boolean }) {
  const id = useId();
  return (
    <form role="search" aria-label="Users" className={`relative ${className}`} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        Search users
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft" />
      <input
        id={id}
        type="search"
        placeholder="Search users…"
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        className="h-10 w-full rounded-full border border-ink-soft bg-surface pr-4 pl-9 text-sm text-ink placeholder:text-ink-soft focus:border-accent"
      />
    </form>
  );
}
