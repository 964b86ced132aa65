import { z } from "zod";
import { VISIBILITIES } from "@/lib/validation/journal-limits";
import { contract, JournalSchema, SealedPageSchema } from "./answers";

// The answers of a page's earlier versions and of Recently deleted (lib/journals/versions.ts,
// docs/decisions/127). Only their writer ever receives them.

const version = {
  id: z.guid(),
  journalId: z.guid(),
  journaldate: z.iso.date(),
  title: z.string(),
  content: z.string(),
  visibility: z.enum(VISIBILITIES),
  isAnonymous: z.boolean(),
  images: JournalSchema.shape.images,
  imageDescription: z.string().nullable(),
  photos: JournalSchema.shape.photos,
  mood: JournalSchema.shape.mood,
  activities: JournalSchema.shape.activities,
  locked: z.boolean(),
  sealed: SealedPageSchema.nullable(),
  writtenAt: z.iso.datetime(),
  keptAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
};

export const PageVersionSchema = z.strictObject(version);
contract.add(PageVersionSchema, {
  id: "PageVersion",
  description:
    "An earlier version of one of the caller's pages, as it was saved at `writtenAt` and replaced at `keptAt`; kept until `expiresAt` (30 days) and among the page's 20 newest. A locked version's words are in `sealed`, as a locked page's",
});

export const PageVersionListSchema = z.strictObject({ versions: z.array(PageVersionSchema) });
contract.add(PageVersionListSchema, {
  id: "PageVersionList",
  description: "A page's earlier versions, the newest first",
});

export const DeletedPageSchema = z.strictObject({
  ...version,
  excerpt: z.boolean(),
  deletedAt: z.iso.datetime(),
  dayTaken: z.boolean(),
});
contract.add(DeletedPageSchema, {
  id: "DeletedPage",
  description:
    "A page in Recently deleted, as it was deleted (`deletedAt`), until `expiresAt` (30 days). `id` is this copy's; `journalId` the page's, to restore it by. `content` is its first 280 characters (`excerpt` when there is more); a locked page's sealed title only (its `sealed.content` is empty). `dayTaken`: its day holds another page now, which a restore would need gone first",
});

export const DeletedPageListSchema = z.strictObject({ pages: z.array(DeletedPageSchema) });
contract.add(DeletedPageListSchema, {
  id: "DeletedPageList",
  description: "Recently deleted, the most recently deleted first, at most 200 pages",
});

export type PageVersion = z.infer<typeof PageVersionSchema>;
export type DeletedPage = z.infer<typeof DeletedPageSchema>;

export const RestoredPageSchema = z.strictObject({ message: z.string(), journal: JournalSchema });
contract.add(RestoredPageSchema, {
  id: "RestoredPage",
  description: "The page as it is now, restored",
});
