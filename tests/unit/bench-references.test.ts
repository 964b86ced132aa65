import { describe, expect, it } from "vitest";
import { bareNextKey } from "../../scripts/bench/bare-next";
import { BARE_NEXT_BASELINES, BASELINES } from "../../scripts/bench/http-scenarios";
import { ratioColumns, referenceOf } from "../../scripts/bench/references";

// The bench's reference (docs/decisions/083): each scenario against the bare Next app's handler or
// static page, and against Inkwell's in-app baseline of the same kind; the bare app's build cached
// by a key of its sources and versions.
describe("the bench's ratio columns", () => {
  const rates = { bareNext: { handler: 2000, page: 4000 }, inApp: { handler: 1000, page: 2000 } };

  it("compares pages with a static page and everything else with a route handler", () => {
    expect(referenceOf({ group: "page" })).toBe("page");
    for (const group of ["read", "feed", "people", "diary", "write", "login", "upload", "baseline"])
      expect(referenceOf({ group })).toBe("handler");
    expect(BASELINES.map(referenceOf)).toEqual(["handler", "page"]);
    expect(BARE_NEXT_BASELINES.map(referenceOf)).toEqual(["handler", "page"]);
  });

  it("fills the bare Next column of the row's kind, and the in-app ratio of the same kind", () => {
    expect(ratioColumns(500, "handler", rates)).toEqual({
      "× bare Next handler": "0.25",
      "× bare Next page": "",
      "× in-app": "0.50",
    });
    expect(ratioColumns(100, "page", rates)).toEqual({
      "× bare Next handler": "",
      "× bare Next page": "0.03",
      "× in-app": "0.05",
    });
    // The baselines themselves: the bare app's are 1.00 against themselves, and say what Inkwell's server costs.
    expect(ratioColumns(2000, "handler", rates)["× bare Next handler"]).toBe("1.00");
    expect(ratioColumns(2000, "handler", rates)["× in-app"]).toBe("2.00");
  });

  it("leaves a ratio empty rather than printing Infinity or NaN when a baseline served nothing", () => {
    const none = { bareNext: { handler: 0, page: 0 }, inApp: { handler: 0, page: 0 } };
    expect(ratioColumns(500, "handler", none)).toEqual({
      "× bare Next handler": "",
      "× bare Next page": "",
      "× in-app": "",
    });
    expect(ratioColumns(NaN, "page", rates)).toEqual({
      "× bare Next handler": "",
      "× bare Next page": "",
      "× in-app": "",
    });
  });
});

describe("the bare Next app's cache key", () => {
  const files = [
    { path: "app/api/ping/route.ts", content: "export function GET() {}" },
    { path: "app/static/page.tsx", content: Buffer.from("export default function P() {}") },
  ];
  const versions = { next: "16.4.6", react: "19.2.0" };

  it("is the same for the same sources and versions, in any order", () => {
    expect(bareNextKey([...files].reverse(), { react: "19.2.0", next: "16.4.6" })).toBe(bareNextKey(files, versions));
    expect(bareNextKey(files, versions)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes with a file's content, a file's name, a new file, or a version", () => {
    const key = bareNextKey(files, versions);
    const changed = [
      bareNextKey([files[0]!, { ...files[1]!, content: "export default function Q() {}" }], versions),
      bareNextKey([files[0]!, { ...files[1]!, path: "app/other/page.tsx" }], versions),
      bareNextKey([...files, { path: "next.config.mjs", content: "export default {};" }], versions),
      bareNextKey(files, { ...versions, next: "16.4.7" }),
      bareNextKey(files, { ...versions, "react-dom": "19.2.0" }),
    ];
    for (const k of changed) expect(k).not.toBe(key);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it("cannot be fooled by moving bytes between a file's name and its content", () => {
    expect(bareNextKey([{ path: "a", content: "bc" }], {})).not.toBe(bareNextKey([{ path: "ab", content: "c" }], {}));
  });
});
