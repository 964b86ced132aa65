import { describe, expect, it } from "vitest";
import { diaryPagesAtOnce } from "../../client/lock/diary-pages";
import type { Journal } from "../../lib/contract/answers";

// The search of a locked diary reads it several years at once (client/lock/diary-pages.ts's
// diaryPagesAtOnce), each year from its own cursor. Against a diary kept here as GET /api/journals
// answers it (the days before `cursor`, newest first, `limit` of them): every entry comes once,
// years without a page are jumped over, and the asking stops at the first day.

function diaryOf(days: string[]) {
  const sorted = [...days].sort().reverse();
  const asked: string[] = [];
  const ask = async (path: string) => {
    const url = new URL(path, "http://inkwell.test");
    const cursor = url.searchParams.get("cursor");
    const limit = Number(url.searchParams.get("limit"));
    asked.push(cursor ?? "(newest)");
    const before = sorted.filter((d) => !cursor || d < cursor);
    const page = before.slice(0, limit);
    return Response.json({
      journals: page.map((d) => ({ id: d, journaldate: d }) as unknown as Journal),
      nextCursor: before.length > limit ? page[page.length - 1]! : null,
    });
  };
  return { ask, asked };
}

const everyDay = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10));

async function readAll(ask: (path: string) => Promise<Response>, lanes = 3) {
  const got: string[] = [];
  for await (const part of diaryPagesAtOnce(ask, lanes, 2026)) got.push(...part.map((j) => j.journaldate));
  return got;
}

describe("reading a diary several years at once", () => {
  it("gives every entry once, whatever the order", async () => {
    const days = everyDay("2019-03-02", 2_000);
    const { ask } = diaryOf(days);
    const got = await readAll(ask);
    expect(got).toHaveLength(days.length);
    expect(new Set(got)).toEqual(new Set(days));
  });

  it("skips years without a page and asks nothing older than the first day", async () => {
    const days = ["2026-05-01", "2026-01-01", "2025-12-31", "2003-07-04", "2003-01-01", "1999-12-31"];
    const { ask, asked } = diaryOf(days);
    expect((await readAll(ask)).sort()).toEqual([...days].sort());
    // The newest lane, 2025 and 2024 at once; their answers' next day is of 2003: 2023–2004 are never asked.
    expect(asked.filter((c) => c > "2004-01-01" && c < "2024-01-01")).toEqual([]);
    // Lanes already asking when the first day is found end with one empty answer each.
    expect(asked.filter((c) => c < "1999-01-01").length).toBeLessThanOrEqual(2);
    expect(asked.length).toBeLessThanOrEqual(12);
  });

  it("reads an empty diary with one question per lane", async () => {
    const { ask, asked } = diaryOf([]);
    expect(await readAll(ask)).toEqual([]);
    expect(asked.length).toBeLessThanOrEqual(3);
  });

  it("fails as a whole when an answer fails, and stops asking when the reader stops", async () => {
    const { ask } = diaryOf(everyDay("2010-01-01", 3_000));
    const failing = async (path: string) =>
      path.includes("cursor=2016-01-01") ? new Response("{}", { status: 500 }) : ask(path);
    await expect(readAll(failing)).rejects.toThrow("answered 500");

    const counted = diaryOf(everyDay("2010-01-01", 3_000));
    for await (const part of diaryPagesAtOnce(counted.ask, 3, 2026)) {
      expect(part.length).toBeGreaterThan(0);
      break;
    }
    // Once the reader has stopped, the answers on their way were let in and nothing more is asked.
    const after = counted.asked.length;
    expect(after).toBeLessThan(60); // far from the whole diary's 60 pages of 50
    // The lanes' next questions would come a few microtasks later (these answers are at once).
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(counted.asked.length).toBe(after);
  });
});
