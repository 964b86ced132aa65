"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useMemo, type KeyboardEventHandler, type Ref } from "react";
import { diarySearchQuery, type DiarySearchHit } from "@/client/diary";
import { DIARY_SEARCH_MAX } from "@/lib/validation/diary-limits";
import { ENTRY_CARD_CLASS, EntryLink, EntrySummary } from "./entry-link";
import { HighlightedText } from "./highlighted-text";
import { ListError, ListMessage } from "./list-states";
import { LoadMore } from "@/components/ui/load-more";
import { useLockedSearch } from "@/components/lock/use-locked-search";

/**
 * The field as a WAI-ARIA 1.2 combobox over the hits' listbox (the Ctrl/⌘+K dialog,
 * ./diary-search-sheet.tsx): the focus stays in the field and the active hit is announced through
 * aria-activedescendant (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/).
 */
export type ComboboxProps = {
  listId: string;
  expanded: boolean;
  activeId: string | undefined;
  onKeyDown: KeyboardEventHandler<HTMLInputElement>;
};

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  combobox?: ComboboxProps;
};

/** The search box of one's own diary (docs/product.md "Read back"). */
export function DiarySearchField({ value, onChange, onFocus, inputRef, autoFocus, combobox }: FieldProps) {
  const id = useId();
  return (
    <form role="search" aria-label="My diary" className="relative min-w-56 flex-1" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        Search my diary
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
      />
      <input
        id={id}
        ref={inputRef}
        type="search"
        value={value}
        maxLength={DIARY_SEARCH_MAX}
        onChange={(e) => onChange(e.target.value)}
        onFocus={onFocus}
        placeholder="Search my diary"
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        {...(combobox && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": combobox.expanded,
          "aria-controls": combobox.listId,
          "aria-activedescendant": combobox.activeId,
          onKeyDown: combobox.onKeyDown,
        })}
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
  /** The hits as the options of a combobox's listbox instead of links (ComboboxProps). */
  listbox?: { id: string; activeId: string | undefined; onChoose: (hit: DiarySearchHit) => void };
};

/** The id of a hit's option in the listbox `listId`. */
export const hitOptionId = (listId: string, hit: DiarySearchHit) => `${listId}-${hit.id}`;

/**
 * What a search found: the server's hits (best first) and the locked pages that match, searched on
 * this device (components/lock/use-locked-search.ts, by words and tag), placed among them by the
 * server's own rank (lib/journals/search-text.ts's mergeRanked, loaded only for a diary locked and open on this device). One list, so the combobox's keys
 * (./diary-search-sheet.tsx) and the results agree.
 */
export function useDiaryHits(q: string, tag: string | null, enabled = true) {
  const query = useInfiniteQuery({ ...diarySearchQuery(q, tag), enabled });
  const server = useMemo(() => query.data?.pages.flatMap((p) => p.hits) ?? [], [query.data]);
  // The locked pages found on this device take their place among the server's by its own rank.
  const locked = useLockedSearch(server, enabled ? q : "", enabled ? tag : null);
  return { query, locked, hits: locked.hits };
}

/** The entries a search found, best first, their matched words marked. */
export function DiarySearchResults({ q, tag, onOpen, listbox }: ResultsProps) {
  const { query, locked, hits } = useDiaryHits(q, tag);
  if (query.isPending) return <ListMessage busy>Searching…</ListMessage>;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!hits.length)
    return locked.searching ? (
      <ListMessage busy>Searching your locked pages…</ListMessage>
    ) : (
      <ListMessage>No entries match</ListMessage>
    );
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-ink-soft">
        {query.hasNextPage
          ? `More than ${hits.length} entries match`
          : hits.length === 1
            ? "1 entry matches"
            : `${hits.length} entries match`}
        {locked.searching ? " · searching your locked pages…" : ""}
        {locked.failed ? " · your locked pages could not be searched" : ""}
      </p>
      {listbox ? (
        <HitOptions hits={hits} {...listbox} />
      ) : (
        <ul className="flex flex-col gap-3">
          {hits.map((hit) => (
            <li key={hit.id}>
              <EntryLink
                journal={hit}
                lines={<HighlightedText text={hit.snippet} ranges={hit.ranges} />}
                onOpen={onOpen}
                withMonth
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void (query.isFetchingNextPage || query.fetchNextPage())}
      />
    </div>
  );
}

/** The hits as a listbox's options: chosen by a click or, from the combobox, by Enter on the active one. */
function HitOptions({
  hits,
  id,
  activeId,
  onChoose,
}: { hits: DiarySearchHit[] } & NonNullable<ResultsProps["listbox"]>) {
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);
  return (
    <ul id={id} role="listbox" aria-label="Entries found" className="flex flex-col gap-3">
      {hits.map((hit) => {
        const active = hitOptionId(id, hit) === activeId;
        return (
          <li
            key={hit.id}
            id={hitOptionId(id, hit)}
            role="option"
            aria-selected={active}
            // Keeps the focus in the field, as a combobox's options do.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(hit)}
            className={`${ENTRY_CARD_CLASS} cursor-pointer ${active ? "border-accent bg-paper-deep outline-2 outline-offset-2 outline-accent" : ""}`}
          >
            <EntrySummary journal={hit} lines={<HighlightedText text={hit.snippet} ranges={hit.ranges} />} withMonth />
          </li>
        );
      })}
    </ul>
  );
}
