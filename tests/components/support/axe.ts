import axe from "axe-core";
import { expect } from "vitest";

/** axe's WCAG 2.1 A and AA rules over `scope` (as e2e/fixtures.ts judges a screen): no serious or critical violation. */
export async function expectAxeClean(scope: Element) {
  const results = await axe.run(scope, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  });
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
