// A day's activities (docs/decisions/136-activities.md): limits and words, no `server-only`, no zod,
// for the validation, the API reference and the browser.

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
export const PAGE_ACTIVITIES_MESSAGE = `Activities must be a JSON list of at most ${ACTIVITIES_PER_PAGE_MAX} names, each at most ${ACTIVITY_NAME_MAX} characters on one line, each once`;
