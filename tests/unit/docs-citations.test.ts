import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/style.md 14: comments and docs point to where a reason lives, always a file in this
// repository. An issue tracker is not in it, so a citation of an issue number by "issue N",
// "issues N", "issue #N" or "issue-N" (text or file name) is refused; a third-party bug is cited by
// its full URL. And docs/decisions/049: every record has its Status and Date lines under its title,
// names only records that exist, and is listed with the same status in docs/decisions/README.md.

const ISSUE_CITATION = /\b[Ii]ssues? ?#?\d+|\bissue-\d+/gi;
const DECISIONS = "docs/decisions";
const STATUS = /^(Proposed|Accepted|Accepted; amended by \d{3}((, | and )\d{3})*|Superseded by \d{3})$/;
const DATE = /^\d{4}-\d{2}-\d{2}\b/;

const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  .split("\0")
  .filter((file) => file && file !== "package-lock.json" && !file.split("/").includes("node_modules"))
  .filter((file) => fs.existsSync(file) && fs.statSync(file).isFile());

const records = fs
  .readdirSync(DECISIONS)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"))
  .sort();

function text(file: string): string | undefined {
  const bytes = fs.readFileSync(file);
  return bytes.includes(0) ? undefined : bytes.toString("utf8");
}

/** The record's Status and Date, read from the two lines right under its title. */
function head(name: string): { status: string; date: string } {
  const lines = fs.readFileSync(path.join(DECISIONS, name), "utf8").split("\n");
  return {
    status: lines[2]?.startsWith("Status: ") ? lines[2].slice("Status: ".length) : "",
    date: lines[3]?.startsWith("Date: ") ? lines[3].slice("Date: ".length) : "",
  };
}

describe("citations", () => {
  it("finds the repository's files", () => {
    expect(tracked).toContain("docs/style.md");
    expect(tracked.length).toBeGreaterThan(100);
  });

  it("no tracked file names or cites an issue number; docs and decisions cite files instead", () => {
    const found: string[] = [];
    for (const file of tracked) {
      if (ISSUE_CITATION.test(file)) found.push(`${file}: its name`);
      ISSUE_CITATION.lastIndex = 0;
      const content = text(file);
      if (content === undefined) continue;
      content.split("\n").forEach((line, i) => {
        for (const match of line.matchAll(ISSUE_CITATION)) found.push(`${file}:${i + 1}: ${match[0]}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("refuses each form of an issue citation and lets a third-party URL through", () => {
    const cited = (line: string) => [...line.matchAll(ISSUE_CITATION)].length > 0;
    // Built from a number so that this file does not cite anything itself.
    const n = 7;
    for (const line of [
      `(issue ${n})`,
      `Issue ${n}, point 2`,
      `issues ${n} and 8`,
      `issue #${n}`,
      `an issue-${n} test`,
      `Issue ${n}.3`,
    ]) {
      expect(cited(line), line).toBe(true);
    }
    for (const line of [
      "https://github.com/lovell/sharp/issues/2263",
      "the tissue 5",
      "an issue of the feed",
      "docs/decisions/026",
    ]) {
      expect(cited(line), line).toBe(false);
    }
  });
});

describe("decision records", () => {
  const index = fs.readFileSync(path.join(DECISIONS, "README.md"), "utf8");

  it("are there to check", () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records)("%s has a Status and a Date line under its title", (name) => {
    const { status, date } = head(name);
    expect(status, "Status: Proposed | Accepted | Accepted; amended by NNN | Superseded by NNN").toMatch(STATUS);
    expect(date, "Date: YYYY-MM-DD").toMatch(DATE);
  });

  it.each(records)("%s names only records that exist in its Status", (name) => {
    const numbers = head(name).status.match(/\d{3}/g) ?? [];
    for (const number of numbers) {
      expect(
        records.some((other) => other.startsWith(`${number}-`)),
        `${name} names ${number}`,
      ).toBe(true);
    }
  });

  it.each(records)("%s is listed in docs/decisions/README.md with its status", (name) => {
    const row = index
      .split("\n")
      .find((line) => line.startsWith(`| ${name.slice(0, 3)} | [`) && line.includes(`](${name})`));
    expect(row, `a row for ${name}`).toBeDefined();
    const listed = row!.split(" | ")[2]!.replace(/\[(\d{3})\]\([^)]*\)/g, "$1");
    expect(listed).toBe(head(name).status);
  });
});
