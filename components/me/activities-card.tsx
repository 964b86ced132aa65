"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Shapes, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ACTIVITIES_LOAD_FAILED, activitiesQuery, activityKeys, saveActivities } from "@/client/activities";
import { notify } from "@/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";
import { RetryStatus } from "@/components/ui/retry-status";
import { TextField } from "@/components/ui/text-field";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITIES_MAX,
  ACTIVITY_NAME_MAX,
  checkActivityName,
} from "@/lib/validation/activity-limits";

const ACTIVITY_ALREADY_MESSAGE = "This activity is on your list already";

/** The message a new name earns before it is sent, or null: the server's own rules (lib/validation/activity-limits.ts). */
function checkNew(raw: string, list: readonly string[]): string | null {
  const checked = checkActivityName(raw);
  if ("error" in checked) return checked.error;
  const folded = checked.name.toLocaleLowerCase("en-US");
  if (list.some((a) => a.toLocaleLowerCase("en-US") === folded)) return ACTIVITY_ALREADY_MESSAGE;
  if (list.length >= ACTIVITIES_MAX) return ACTIVITIES_FULL_MESSAGE;
  return null;
}

/**
 * Activities on /me → Writing (docs/decisions/136-activities.md): the person's own list to choose
 * from when they write a day. A name is added with the field, taken off with its ✕ (with Undo);
 * pages keep the activities they have.
 */
export function ActivitiesCard() {
  const queryClient = useQueryClient();
  const list = useQuery(activitiesQuery());
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveActivities,
    onSuccess: (kept) => queryClient.setQueryData(activityKeys.list, kept),
  });
  const names = list.data ?? [];

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const refused = checkNew(trimmed, names);
    if (refused) return setError(refused);
    setError(null);
    save.mutate([...names, trimmed], {
      onSuccess: () => {
        setName("");
        notify.success(`“${trimmed}” added`);
      },
      // A refusal's message names what the server refused; another failure says it could not save.
      onError: (e) => setError(e.message),
    });
  };

  const remove = (gone: string) => {
    const before = names;
    save.mutate(
      names.filter((a) => a !== gone),
      {
        onSuccess: () =>
          notify.success(`“${gone}” taken off your list`, {
            description: "Pages that have it keep it.",
            action: { label: "Undo", onClick: () => save.mutate(before) },
          }),
        onError: (e) => notify.error(e.message),
      },
    );
  };

  return (
    <section
      id="activities"
      aria-labelledby="activities-heading"
      className="min-w-0 scroll-mt-20 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="activities-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <Shapes aria-hidden className="size-5 text-accent" />
        Activities
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        What you choose from under “What did you do?” when you write a day. Only you see them; taking one off your list
        leaves it on the pages that have it.
      </p>
      {list.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          Loading your activities…
        </p>
      ) : list.isError ? (
        <RetryStatus message={ACTIVITIES_LOAD_FAILED} onRetry={() => void list.refetch()} className="mt-4" />
      ) : names.length ? (
        <ul aria-label="Your activities" className="mt-4 flex flex-wrap gap-1.5">
          {names.map((a) => (
            <li
              key={a}
              className="flex min-h-11 items-center gap-1 rounded-full border border-ink-soft/30 bg-paper py-0.5 pr-0.5 pl-3 text-sm text-ink"
            >
              {a}
              <button
                type="button"
                onClick={() => remove(a)}
                disabled={save.isPending}
                aria-label={`Take ${a} off your list`}
                className={buttonClass("ghost", "size-10 rounded-full p-0")}
              >
                <X aria-hidden className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink">Your list is empty: add what you often do.</p>
      )}
      {list.data ? (
        <form onSubmit={add} noValidate className="mt-4 flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1 basis-56">
            <TextField
              label="New activity"
              name="activity"
              value={name}
              maxLength={ACTIVITY_NAME_MAX * 4}
              autoComplete="off"
              hint={`At most ${ACTIVITY_NAME_MAX} characters; ${ACTIVITIES_MAX} activities in all.`}
              errors={error ? [error] : undefined}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
            />
          </div>
          <button type="submit" disabled={save.isPending} className={buttonClass("primary", "mt-6.5")}>
            <Plus aria-hidden className="size-4" />
            Add
          </button>
        </form>
      ) : null}
    </section>
  );
}
