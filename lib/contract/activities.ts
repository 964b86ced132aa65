import { z } from "zod";
import { contract } from "./answers";

// The answer of /api/activities (docs/decisions/046, 136).

export const ActivityListSchema = z.strictObject({ activities: z.array(z.string()) });
contract.add(ActivityListSchema, {
  id: "ActivityList",
  description:
    "The caller's own list of activities to choose from for a day, in their order, at most 30; a person who never changed it has the default list. Only its owner ever sees it",
});

export type ActivityList = z.infer<typeof ActivityListSchema>;
