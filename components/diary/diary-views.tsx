"use client";

import { CalendarDays, List } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { DIARY_SEARCH_DEBOUNCE_MS } from "@/client/diary";
import { useDebouncedValue } from "@/client/search";
import { useWarmLockedSearch } from "@/components/lock/use-locked-search";
import type { DayKey } from "@/lib/dates/local-day";
import { DiaryList } from "./diary-list";
import { DiaryPage } from "./diary-page";
import { DiarySearchField, DiarySearchResults } from "./diary-search";
import { useDiaryView, type DiaryView } from "./use-diary-view";

/** `serverDay`: the day the server's HTML shows (null when it did not know the writer's today). */
type Props = { userId: string; serverToday: DayKey | null; serverDay: DayKey | null };

const PATH = "/my-diary";

/**
 * /my-diary's views (docs/product.md "Read back"): the calendar and its day, or the List of every
 * entry (the choice remembered on this device); the search of the diary above both, its hits in
 * their place while there is text; and `?tag=` for the entries with one #tag. A `?day=` always
 * shows that day in the calendar: that is where the List and the hits open an entry. The view
 * stays mounted under the hits, so a day being written keeps its state.
 */
export function DiaryViews({ userId, serverToday, serverDay }: Props) {
  const params = useSearchParams();
  const tag = params.get("tag") || null;
  const [stored, setStored] = useDiaryView();
  const view: DiaryView = params.has("day") ? "calendar" : stored;
  const [text, setText] = useState("");
  const settled = useDebouncedValue(text, DIARY_SEARCH_DEBOUNCE_MS);
  const searching = text.trim() !== "" && settled.trim() !== "";
  // A locked diary's pages are opened on this device once the search has the focus, before a word is typed.
  const [searchFocused, setSearchFocused] = useState(false);
  useWarmLockedSearch(searchFocused);

  function choose(next: DiaryView) {
    setStored(next);
    if (params.has("day") || tag) window.history.pushState(null, "", PATH);
  }

  return (
    <div className="flex flex-col gap-6">
      {/* The diary's tools fold away while writing on a phone (components/diary/use-writing-mode.ts). */}
      <div data-chrome className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label="View" className="flex rounded-md border border-ink-soft/40 bg-surface p-0.5">
          <ViewButton
            pressed={view === "calendar" && !tag}
            onClick={() => choose("calendar")}
            icon={<CalendarDays aria-hidden className="size-4" />}
          >
            Calendar
          </ViewButton>
          <ViewButton
            pressed={view === "list" && !tag}
            onClick={() => choose("list")}
            icon={<List aria-hidden className="size-4" />}
          >
            List
          </ViewButton>
        </div>
        <DiarySearchField value={text} onChange={setText} onFocus={() => setSearchFocused(true)} />
      </div>

      {tag ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-xl font-semibold text-leather">Entries tagged #{tag}</h2>
          <Link href={PATH} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
            Show all entries
          </Link>
        </div>
      ) : null}
      {searching || tag ? (
        <DiarySearchResults q={searching ? settled : ""} tag={tag} onOpen={() => setText("")} />
      ) : null}

      <div hidden={searching || tag !== null}>
        {view === "list" ? (
          <DiaryList userId={userId} />
        ) : (
          <DiaryPage userId={userId} serverToday={serverToday} serverDay={serverDay} />
        )}
      </div>
    </div>
  );
}

interface ViewButtonProps {
  pressed: boolean;
  onClick: () => void;
  icon: React.ReactNode;
  children: string;
}

function ViewButton({ pressed, onClick, icon, children }: ViewButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex items-center gap-2 rounded px-3 py-2 text-sm font-semibold ${pressed ? "bg-accent text-on-accent" : "text-ink hover:bg-paper-deep"}`}
    >
      {icon}
      {children}
    </button>
  );
}
