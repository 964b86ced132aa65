"use client";

import { RotateCcw } from "lucide-react";
import { buttonClass } from "@/components/ui/button-styles";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/db/unavailable-digest";

/** Server errors carry a digest that matches the server's log line: worth a mention when asking for help. */
export function errorReference(error: unknown): string | undefined {
  if (!(error instanceof Error) || !("digest" in error) || typeof error.digest !== "string") return undefined;
  return error.digest;
}

/** The page failed because the database could not serve it for a moment (lib/db/unavailable.ts). */
export function databaseWasUnavailable(error: unknown): boolean {
  return errorReference(error) === DATABASE_UNAVAILABLE_DIGEST;
}

/** The two stories an error boundary tells, in the page's language (the "app" namespace's errorPage). */
export interface ErrorStoryWords {
  unavailable: string;
  failed: string;
}

/**
 * English's: app/global-error.tsx replaces the root layout, so it has no catalogue to read from, and
 * says them as it always has.
 */
const ENGLISH_STORY: ErrorStoryWords = {
  unavailable: "Inkwell cannot reach your diary for a moment. Nothing you wrote is lost; try again in a few seconds.",
  failed: "Something went wrong on our side. Your entries are safe; try again in a moment.",
};

/** What an error boundary says: the moment's outage plainly, anything else with its reference. */
export function errorStory(
  error: unknown,
  words: ErrorStoryWords = ENGLISH_STORY,
): { text: string; reference?: string } {
  if (databaseWasUnavailable(error)) return { text: words.unavailable };
  return { text: words.failed, reference: errorReference(error) };
}

export interface ErrorRecoveryProps {
  retry: () => void;
  home: string;
  homeLabel: string;
  /** The retry button's words; English's for app/global-error.tsx, which has no catalogue. */
  retryLabel?: string;
}

/**
 * The way back from an error boundary: try the page again, or go somewhere known to work. The way
 * home is a plain link, a full page load: after an error a fresh page is the surer start, and
 * next/link would add about 3 kB gzip to every route's first load, because Turbopack copies it into
 * each error boundary's chunk (docs/performance.md, "First-load JavaScript").
 */
export function ErrorRecovery({ retry, home, homeLabel, retryLabel = "Try again" }: ErrorRecoveryProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" onClick={retry} className={buttonClass("primary")}>
        <RotateCcw aria-hidden className="size-4" />
        {retryLabel}
      </button>
      <a href={home} className={buttonClass("secondary")}>
        {homeLabel}
      </a>
    </div>
  );
}
