import { z } from "zod";
import { contract } from "./answers";

// The operators' page (docs/decisions/069): lib/admin returns it, lib/openapi documents it.

const object = z.strictObject;
const person = object({ id: z.guid(), name: z.string(), username: z.string() });

export const AdminReportSchema = object({
  id: z.guid(),
  reason: z.enum(["spam", "harassment", "self-harm", "other"]),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reportsOfThis: z.int().min(1),
  reporter: person,
  subject: object({ id: z.guid(), name: z.string(), username: z.string(), suspended: z.boolean() }),
  target: object({
    kind: z.enum(["journal", "reply", "user"]),
    id: z.guid(),
    title: z.string().nullable(),
    text: z.string(),
    journalDate: z.iso.date().nullable(),
    isAnonymous: z.boolean(),
  }),
});
contract.add(AdminReportSchema, {
  id: "AdminReport",
  description:
    "An open report as operators see it: only what was reported (an entry's title and text, a reply's text, a person's name and bio), who reported it, and whose it is (`subject`, also for an anonymous entry: operators act on the account)",
});

export const ModerationActionSchema = object({
  id: z.guid(),
  action: z.enum(["dismiss", "remove", "suspend", "unsuspend"]),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  operator: z.string().nullable(),
  target: z.string().nullable(),
});
contract.add(ModerationActionSchema, {
  id: "ModerationAction",
  description: "One row of the append-only record: what an operator (by username) did, to whom, why",
});

export const AdminPageSchema = object({
  reports: z.array(AdminReportSchema),
  actions: z.array(ModerationActionSchema),
});
export const AdminDoneSchema = object({ message: z.string() });

export type AdminReport = z.infer<typeof AdminReportSchema>;
export type AdminPage = z.infer<typeof AdminPageSchema>;
