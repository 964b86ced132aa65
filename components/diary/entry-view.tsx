"use client";

import { EyeOff, History, Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode, type Ref } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import type { EntryFields, Journal } from "@/client/journals";
import { formatLongDay } from "@/lib/dates/local-day";
import { ActionBar } from "./action-bar";
import { MoodFace } from "./mood-options";
import { PageHistoryOnDemand } from "./page-history-on-demand";
import { EntryHearts } from "./entry-hearts";
import { TaggedText } from "./tagged-text";
import { FormattedText } from "@/components/ui/formatted-text";
import { ExpandablePhotos } from "@/components/ui/expandable-photo";
import { pageSlides } from "@/components/ui/page-slides";
import { MOODS, VISIBILITY_LABELS } from "@/lib/validation/journal-limits";

type Props = {
  journal: Journal;
  headingRef: Ref<HTMLHeadingElement>;
  status: ReactNode;
  /** The person whose diary this is: a locked page's History opens its versions with their key. */
  owner: string;
  /** Edit the page; `from`: with an earlier version's words in the editor. */
  onEdit: (from?: Pick<EntryFields, "title" | "content">) => void;
  onDelete: () => void;
};

/** The day's saved entry, as written, with Edit, History and Delete on one row. */
export function EntryView({ journal, owner, headingRef, status, onEdit, onDelete }: Props) {
  const { label, description } = VISIBILITY_LABELS[journal.visibility];
  const [history, setHistory] = useState(false);
  const photo = journal.images[0];
  // The writer's own mood for the day (docs/decisions/131); only they are ever sent it.
  // A page kept for offline reading before activities has none.
  const activities: readonly string[] = journal.activities ?? [];
  const mood = MOODS.find((m) => m.value === journal.mood);
  return (
    <article aria-labelledby="entry-heading">
      <div className="notebook min-h-[36rem] rounded-t-lg border border-b-0 border-ink-soft/20 pt-8 pr-4 pb-8 pl-14 shadow-sheet sm:pr-8">
        <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">
          {formatLongDay(journal.journaldate)}
        </p>
        <h2
          id="entry-heading"
          ref={headingRef}
          tabIndex={-1}
          dir="auto"
          className="text-2xl leading-8 font-semibold break-words text-leather"
        >
          <TaggedText text={journal.title} />
        </h2>
        <FormattedText text={journal.content} tags className="mt-8 font-serif text-lg leading-8 break-words text-ink" />
        {photo ? (
          <div className="mt-8">
            <ExpandablePhotos photos={pageSlides(journal)} size={null} />
          </div>
        ) : null}
      </div>
      <ActionBar pinned="wide">
        <p className="basis-full text-sm text-ink-soft">
          <span className="font-semibold text-ink">{label}</span> · {description}
          {journal.isAnonymous ? (
            <span className="ml-2 inline-flex items-center gap-1">
              <EyeOff aria-hidden className="size-3.5" /> Anonymous
            </span>
          ) : null}
          {mood ? (
            <span className="ml-2 whitespace-nowrap">
              · Mood: <MoodFace mood={mood.value} /> <span className="font-semibold text-ink">{mood.word}</span>
            </span>
          ) : null}
          {activities.length ? (
            // The writer's own, like the mood (docs/decisions/136).
            <span className="ml-2">
              · Activities: <span className="font-semibold text-ink">{activities.join(", ")}</span>
            </span>
          ) : null}
        </p>
        {journal.visibility === "close-circle" ? <EntryHearts journal={journal} /> : null}
        <div className="flex gap-3">
          <button type="button" onClick={() => onEdit()} className={buttonClass("primary")}>
            <Pencil aria-hidden className="size-4" />
            Edit
          </button>
          <button type="button" onClick={() => setHistory(true)} className={buttonClass("secondary")}>
            <History aria-hidden className="size-4" />
            History
          </button>
          <button type="button" onClick={onDelete} className={buttonClass("danger")}>
            <Trash2 aria-hidden className="size-4" />
            Delete
          </button>
        </div>
        {status}
      </ActionBar>
      <PageHistoryOnDemand
        journal={journal}
        owner={owner}
        open={history}
        onClose={() => setHistory(false)}
        onEditFrom={onEdit}
      />
    </article>
  );
}
