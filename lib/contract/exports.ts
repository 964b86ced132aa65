import { z } from "zod";
import { contract } from "./answers";

// "Export everything" (docs/decisions/074): lib/exports returns these, lib/openapi documents them.

export const EXPORT_STATES = ["queued", "running", "ready", "failed", "expired"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const ExportStatusSchema = z.strictObject({
  id: z.uuid(),
  state: z.enum(EXPORT_STATES),
  progress: z.number().min(0).max(1),
  entries: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().optional(),
  url: z.url().optional(),
});
contract.add(ExportStatusSchema, {
  id: "ExportStatus",
  description:
    "An export of everything the person wrote: queued, running (progress from 0 to 1 over its entries, `entries` once counted), ready (with `url`, a download signed for the owner, and `expiresAt`), failed, or expired (its file is gone)",
});

export const LatestExportSchema = z.strictObject({ export: ExportStatusSchema.nullable() });

export type ExportStatus = z.infer<typeof ExportStatusSchema>;
