"use client";

import { EyeOff, Pencil, Trash2 } from "lucide-react";
import Image from "next/image";
import type { Ref } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import type { Journal } from "@/lib/client/journals";
import { formatLongDay } from "@/lib/client/local-day";
import { VISIBILITY_LABELS } from "./visibility-options";

type Props = { journal: Journal; headingRef: Ref<HTMLHeadingElement>; onEdit: () => void; onDelete: () => void };

/** The day's saved entry, as written, with Edit and Delete. */
export function EntryView({ journal, headingRef, onEdit, onDelete }: Props) {
  const { label, description } = VISIBILITY_LABELS[journal.visibility];
  const photo = journal.images[0];
  return (
    <article aria-labelledby="entry-heading">
      <div className="notebook min-h-[48rem] rounded-t-lg border border-b-0 border-ink-soft/20 pt-8 pr-4 pb-8 pl-14 shadow-md sm:pr-8">
        <p className="text-sm leading-8 font-semibold tracking-wide text-ink-soft uppercase">{formatLongDay(journal.journaldate)}</p>
        <h2 id="entry-heading" ref={headingRef} tabIndex={-1} className="text-2xl leading-8 font-semibold break-words text-leather">
          {journal.title}
        </h2>
        <p className="mt-8 font-serif text-lg leading-8 break-words whitespace-pre-wrap text-ink">{journal.content}</p>
        {photo ? (
          <Image
            src={photo}
            alt={`Photo for “${journal.title}”`}
            width={640}
            height={480}
            unoptimized
            className="mt-8 h-auto max-h-96 w-auto max-w-full rounded-md border border-ink-soft/20 object-contain shadow-sm"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-b-lg border border-ink-soft/20 bg-paper px-4 py-4 shadow-md sm:px-8">
        <p className="mr-auto text-sm text-ink-soft">
          <span className="font-semibold text-ink">{label}</span> · {description}
          {journal.isAnonymous ? (
            <span className="ml-2 inline-flex items-center gap-1">
              <EyeOff aria-hidden className="size-3.5" /> Anonymous
            </span>
          ) : null}
        </p>
        <button type="button" onClick={onEdit} className={buttonClass("primary")}>
          <Pencil aria-hidden className="size-4" />
          Edit
        </button>
        <button type="button" onClick={onDelete} className={buttonClass("secondary")}>
          <Trash2 aria-hidden className="size-4" />
          Delete
        </button>
      </div>
    </article>
  );
}
