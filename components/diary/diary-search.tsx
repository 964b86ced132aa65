"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useId, type Ref } from "react";
import { diarySearchQuery } from "@/client/diary";
import { DIARY_SEARCH_MAX } from "@/lib/validation/diary-limits";
import { EntryLink } from "./entry-link";
import { HighlightedText } from "./highlighted-text";
import { ListError, ListMessage } from "./list-states";
import { LoadMore } from "@/components/ui/load-more";

type FieldProps = { value: string; onChange: (value: string) => void; inputRef?: Ref<HTMLInputElement>; autoFocus?: boolean };

/** The search box of one's own diary (docs/product.md "Read back"). */
export function DiarySearchField({ value, onChange, inputRef, autoFocus }: FieldProps) {
  const id = useId();
  return (
    <form role="search" aria-label="My diary" className="relative min-w-56 flex-1" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        Search my diary
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft" />
      <input
        id={id}
        ref={inputRef}
        type="search"
        value={value}
        maxLength={DIARY_SEARCH_MAX}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search my diary"
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        className="w-full rounded-md border border-ink-soft/40 bg-surface py-2.5 pr-3 pl-9 text-ink placeholder:text-ink-soft"
      />
    </form>
  );
}

type ResultsProps = {
  /** The words, as typed (a trailing space ends the last word: docs/api.md); "" for a tag alone. */
  q: string;
  tag: string | null;
  /** Called when a hit is opened (the Ctrl/⌘+K dialog closes). */
  onOpen?: () => void;
};

/** The entries a search found, best first, their matched words marked. */
export function DiarySearchResults({ q, tag, onOpen }: ResultsProps) {
  const query = useInfiniteQuery(diarySearchQuery(q, tag));
  if (query.isPending) return <ListMessage busy>Searching…</ListMessage>;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  const hits = query.data.pages.flatMap((p) => p.hits);
  if (!hits.length) return <ListMessage>No entries match</ListMessage>;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-ink-soft">
        {query.hasNextPage ? `More than ${hits.length} entries match` : hits.length === 1 ? "1 entry matches" : `${hits.length} entries match`}
      </p>
      <ul className="flex flex-col gap-3">
        {hits.map((hit) => (
          <li key={hit.id}>
            <EntryLink journal={hit} lines={<HighlightedText text={hit.snippet} ranges={hit.ranges} />} onOpen={onOpen} withMonth />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void (query.isFetchingNextPage || query.fetchNextPage())} />
    </div>
  );
}
