import { z } from "zod";
import { text } from "./fields";
import {
  ACTIVITIES_FULL_MESSAGE,
  ACTIVITIES_MAX,
  ACTIVITIES_PER_PAGE_MAX,
  ACTIVITY_NAME_REQUIRED_MESSAGE,
  ACTIVITY_NAME_TOO_LONG_MESSAGE,
  ACTIVITY_NAME_UNITS,
  ACTIVITY_TWICE_MESSAGE,
  PAGE_ACTIVITIES_MESSAGE,
  checkActivityName,
  hasTwice,
} from "./activity-limits";

export const ACTIVITIES_LIST_MESSAGE = "Activities must be a list of names";

// A day's activities (docs/decisions/136-activities.md): the names of a person's list (PUT
// /api/activities) and of a page (the `activities` field of POST and PUT /api/journals). Every
// name is bounded by its raw length before anything counts it (lib/validation/fields.ts).

const NAME_UNITS = ACTIVITY_NAME_UNITS;

const activityName = text("Activity", {
  maxUnits: NAME_UNITS,
  tooLong: ACTIVITY_NAME_TOO_LONG_MESSAGE,
  missing: ACTIVITY_NAME_REQUIRED_MESSAGE,
}).transform((raw, ctx) => {
  const checked = checkActivityName(raw);
  if ("error" in checked) {
    ctx.addIssue({ code: "custom", message: checked.error });
    return z.NEVER;
  }
  return checked.name;
});

/** PUT /api/activities: the whole list, in the order the person keeps it. */
export const ActivityListInputSchema = z.strictObject({
  activities: z
    .array(activityName, { error: ACTIVITIES_LIST_MESSAGE })
    .max(ACTIVITIES_MAX, { error: ACTIVITIES_FULL_MESSAGE, abort: true })
    .refine((names) => !hasTwice(names), ACTIVITY_TWICE_MESSAGE),
});
export type ActivityListInput = z.infer<typeof ActivityListInputSchema>;

/** A JSON list this long or longer is refused before it is parsed: every name escaped, and the commas. */
const PAGE_FIELD_UNITS = ACTIVITIES_PER_PAGE_MAX * (6 * NAME_UNITS + 3) + 2;

/**
 * The page's `activities` form field: a JSON list of names, `[]` to clear them; missing keeps the
 * page's own, so the original client never clears them. Any fault is one message beside the field.
 */
export const pageActivitiesField = text("Activities", { maxUnits: PAGE_FIELD_UNITS, tooLong: PAGE_ACTIVITIES_MESSAGE })
  .transform((raw, ctx): string[] => {
    const refuse = () => {
      ctx.addIssue({ code: "custom", message: PAGE_ACTIVITIES_MESSAGE });
      return z.NEVER;
    };
    let list: unknown;
    try {
      list = JSON.parse(raw);
    } catch {
      return refuse();
    }
    if (!Array.isArray(list) || list.length > ACTIVITIES_PER_PAGE_MAX) return refuse();
    const names: string[] = [];
    for (const item of list) {
      if (typeof item !== "string") return refuse();
      const checked = checkActivityName(item);
      if ("error" in checked) return refuse();
      names.push(checked.name);
    }
    return hasTwice(names) ? refuse() : names;
  })
  .optional();

/** POST /api/activities/rename: a name of the list, and its new spelling (on every page too). */
export const ActivityRenameSchema = z.strictObject({ from: activityName, to: activityName });
export type ActivityRename = z.infer<typeof ActivityRenameSchema>;
