import { CODE_POINTS_PER_CHARACTER, countCharacters } from "./graphemes";
import { isPlainLine } from "./plain-line";

// A day's activities (docs/decisions/136-activities.md): limits, words and the check of one name, no
// `server-only`, no zod, for the validation (./activities.ts), the API reference and the browser.

/** Activities in one person's list to choose from. */
export const ACTIVITIES_MAX = 30;
/** Activities on one page. */
export const ACTIVITIES_PER_PAGE_MAX = 10;
/** An activity's name, in characters as a person sees them: one line. */
export const ACTIVITY_NAME_MAX = 30;

/** The list a person is offered until they change it. */
export const ACTIVITY_DEFAULTS = [
  "Work",
  "Family",
  "Friends",
  "Exercise",
  "Outdoors",
  "Reading",
  "Cooking",
  "Rest",
] as const;

export const ACTIVITY_NAME_REQUIRED_MESSAGE = "Name an activity";
export const ACTIVITY_NAME_TOO_LONG_MESSAGE = `An activity's name must be at most ${ACTIVITY_NAME_MAX} characters`;
export const ACTIVITY_NAME_LINE_MESSAGE =
  "An activity's name may not contain control characters, line breaks, text-direction marks or invisible characters";
export const ACTIVITIES_FULL_MESSAGE = `You can keep at most ${ACTIVITIES_MAX} activities: remove one first`;
export const ACTIVITY_TWICE_MESSAGE = "Each activity may appear only once";
export const ACTIVITY_NOT_ON_LIST_MESSAGE = "This activity is not on your list";
export const ACTIVITY_ALREADY_MESSAGE = "This activity is on your list already";
export const ACTIVITY_RENAMED_MESSAGE = "Activity renamed";
export const PAGE_ACTIVITIES_MESSAGE = `Activities must be a JSON list of at most ${ACTIVITIES_PER_PAGE_MAX} names, each at most ${ACTIVITY_NAME_MAX} characters on one line, each once`;

/**
 * A page's activities as a form sends them: a JSON list, "[]" for none; undefined when not known (a
 * save kept before activities, a page sealed elsewhere), so the field is left out and the page keeps its own.
 */
export function activitiesFormValue(activities: readonly string[] | undefined): string | undefined {
  return activities === undefined ? undefined : JSON.stringify(activities);
}

/** The list a form value names, or undefined when there is none or it is not a list of names. */
export function activitiesOfFormValue(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) && list.every((n) => typeof n === "string") ? list : undefined;
  } catch {
    return undefined;
  }
}

/** A name's raw bound in UTF-16 units, checked before anything counts it (lib/validation/fields.ts). */
export const ACTIVITY_NAME_UNITS = ACTIVITY_NAME_MAX * 2 * CODE_POINTS_PER_CHARACTER;

/** A name as kept (trimmed), or the message that refuses it. */
export function checkActivityName(raw: string): { name: string } | { error: string } {
  if (raw.length > ACTIVITY_NAME_UNITS) return { error: ACTIVITY_NAME_TOO_LONG_MESSAGE };
  const name = raw.trim();
  if (name === "") return { error: ACTIVITY_NAME_REQUIRED_MESSAGE };
  if (name.includes("\0") || !isPlainLine(name)) return { error: ACTIVITY_NAME_LINE_MESSAGE };
  if (
    countCharacters(name) > ACTIVITY_NAME_MAX ||
    Array.from(name).length > ACTIVITY_NAME_MAX * CODE_POINTS_PER_CHARACTER
  )
    return { error: ACTIVITY_NAME_TOO_LONG_MESSAGE };
  return { name };
}

/** What a name is compared by: its case does not count ("reading" is "Reading" on a list). */
function activityKey(name: string): string {
  return name.toLocaleLowerCase("en-US");
}

/** True when the two names are one name on a list: they differ at most by case. */
export function sameActivity(a: string, b: string): boolean {
  return activityKey(a) === activityKey(b);
}

/** True when two names differ only by case: one of them is enough. */
export function hasTwice(names: readonly string[]): boolean {
  return new Set(names.map(activityKey)).size !== names.length;
}
