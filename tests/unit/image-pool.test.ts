import os from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../../lib/errors";
import { IMAGE_BUSY_RETRY_SECONDS } from "../../lib/images";
import { IMAGE_BUSY_MESSAGE } from "../../lib/images/messages";
import { createImagePool, defaultImageThreads, type ImageJob } from "../../lib/images/pool";

// The worker pool itself, with real workers and real sharp. Which job is refused is decided
// synchronously when the jobs are submitted, so nothing here depends on how fast anything runs.

async function smallPngJob(): Promise<ImageJob> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return { shape: "entry", data, header: { format: "png", width: 64, height: 48 } };
}

describe("the image worker pool", () => {
  it("is sized to the machine: at least one worker, at most one per CPU", () => {
    expect(defaultImageThreads()).toBeGreaterThanOrEqual(1);
    expect(defaultImageThreads()).toBeLessThanOrEqual(os.availableParallelism());
  });

  it("with its worker busy and its queue full, refuses the next job with 503 and Retry-After, then takes jobs again", async () => {
    const pool = createImagePool({ threads: 1, queue: 1 });
    try {
      const job = await smallPngJob();
      const outcomes = await Promise.allSettled([pool.run(job), pool.run(job), pool.run(job)]);

      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
      for (const o of outcomes.slice(0, 2))
        expect((o as PromiseFulfilledResult<unknown>).value).toMatchObject({ ok: true, width: 64, height: 48 });
      const err = (outcomes[2] as PromiseRejectedResult).reason;
      expect(err).toBeInstanceOf(ServiceUnavailableError);
      expect(err).toMatchObject({
        status: 503,
        message: IMAGE_BUSY_MESSAGE,
        headers: { "Retry-After": String(IMAGE_BUSY_RETRY_SECONDS) },
      });

      // The bound counts the jobs in the pool, not every job ever submitted.
      expect(await pool.run(job)).toMatchObject({ ok: true });
    } finally {
      await pool.close();
    }
  });

  it("answers an unreadable file with a refusal value, and the worker goes on", async () => {
    const pool = createImagePool({ threads: 1, queue: 0 });
    try {
      const job = await smallPngJob();
      const broken = { ...job, data: job.data.subarray(0, 40) };
      expect(await pool.run(broken)).toMatchObject({ ok: false, problem: "damaged", detail: expect.any(String) });
      expect(await pool.run(job)).toMatchObject({ ok: true });
    } finally {
      await pool.close();
    }
  });
});
