import { z } from "zod";
import { contract, JournalSchema } from "./answers";

// The answers of the diary's read back (docs/product.md "Read back"): the List view's pages, the
// search of one's own entries, the tags. Registered in ./routes.ts like every answer (docs/decisions/046).

const object = z.strictObject;

function described<T extends z.ZodType>(schema: T, meta: { id?: string; description: string }): T {
  contract.add(schema, meta);
  return schema;
}

const nextCursor = described(z.string().nullable(), {
  description: "Pass as `cursor` for the page after this one; null on the last page",
});

export const DiaryEntrySchema = described(
  object({
    ...JournalSchema.shape,
    excerpt: described(z.string(), {
      description:
        "The content's opening as one line of plain text, without formatting's Markdown marks (at most about 160 characters, … when cut)",
    }),
  }),
  {
    id: "DiaryEntry",
    description:
      "An entry in the writer's List view: the Journal object and its first lines (lib/journals/timeline.ts)",
  },
);

export const DiarySearchHitSchema = described(
  object({
    ...JournalSchema.shape,
    snippet: described(z.string(), {
      description:
        "Plain text of the content around the first matched word (its opening when only the title matched), without formatting's Markdown marks, at most about 160 characters, … where cut",
    }),
    ranges: described(z.array(z.tuple([z.int().min(0), z.int().min(0)])), {
      description:
        "[start, end) of each matched word in `snippet`, in UTF-16 code units (JavaScript's string offsets), in order: highlight them as text, never as HTML",
    }),
  }),
  { id: "DiarySearchHit", description: "One entry a search of the writer's own diary found (lib/journals/search.ts)" },
);

export const TagCountSchema = described(object({ tag: z.string(), count: z.int().min(1) }), {
  id: "TagCount",
  description: "A #tag of the writer's entries, case-folded, and how many entries carry it",
});

export const TimelinePageSchema = object({ journals: z.array(DiaryEntrySchema), nextCursor });
export const DiarySearchPageSchema = object({ hits: z.array(DiarySearchHitSchema), nextCursor });
export const TagListSchema = z.array(TagCountSchema);

export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;
export type DiarySearchHit = z.infer<typeof DiarySearchHitSchema>;
export type TagCount = z.infer<typeof TagCountSchema>;
export type TimelinePage = z.infer<typeof TimelinePageSchema>;
export type DiarySearchPage = z.infer<typeof DiarySearchPageSchema>;
