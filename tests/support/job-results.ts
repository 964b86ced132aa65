import { expect, vi } from "vitest";
import type { ExportStatus } from "../../lib/contract/exports";
import type { ImportStatus } from "../../lib/contract/imports";
import { api } from "./http";

// The job worker's results as the API tests wait for them (docs/decisions/074, 078): the status is
// asked again until it has settled, a condition Vitest polls, never a fixed pause.

const SETTLING_MS = 120_000;

/** Every status `path` answers until its state is one of `settled`: the last one is the result. */
async function statusesUntil<T extends { state: string }>(
  path: string,
  token: string,
  settled: readonly string[],
): Promise<T[]> {
  const seen: { status: number; body: T }[] = [];
  // vi.waitFor, not expect.poll: suites wait for a result in their beforeAll too.
  await vi.waitFor(
    async () => {
      const res = await api<T>(path, { token });
      seen.push({ status: res.status, body: res.body });
      // A refusal ends the wait at once: it is the answer, and it fails below.
      if (res.status === 200 && !settled.includes(res.body.state))
        throw new Error(`GET ${path} is still ${res.body.state}`);
    },
    { timeout: SETTLING_MS },
  );
  expect(
    seen.map((s) => s.status).filter((status) => status !== 200),
    `GET ${path}`,
  ).toEqual([]);
  return seen.map((s) => s.body);
}

/** The export once it has left queued and running; its progress stayed between 0 and 1 all along. */
export async function exportFinished(token: string, id: string): Promise<ExportStatus> {
  const seen = await statusesUntil<ExportStatus>(`/api/export/${id}`, token, ["ready", "failed", "expired"]);
  for (const { progress } of seen) {
    expect(progress).toBeGreaterThanOrEqual(0);
    expect(progress).toBeLessThanOrEqual(1);
  }
  return seen.at(-1)!;
}

/** The import once the worker has finished it, done or failed. */
export async function importFinished(token: string, id: string): Promise<ImportStatus> {
  return (await statusesUntil<ImportStatus>(`/api/import/${id}`, token, ["done", "failed"])).at(-1)!;
}
