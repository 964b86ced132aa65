import { expect } from "vitest";
import type { ExportStatus } from "../../lib/contract/exports";
import { api } from "./http";

// "Export everything" (docs/decisions/074) as the API tests wait for it.

/** Polls the export until it has left queued and running: a bounded loop on a condition, the worker's own pace. */
export async function exportFinished(token: string, id: string): Promise<ExportStatus> {
  for (let i = 0; i < 600; i += 1) {
    const res = await api<ExportStatus>(`/api/export/${id}`, { token });
    expect(res.status).toBe(200);
    if (res.body.state !== "queued" && res.body.state !== "running") return res.body;
    expect(res.body.progress).toBeGreaterThanOrEqual(0);
    expect(res.body.progress).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The export did not finish");
}
