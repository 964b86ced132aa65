import { describe, expect, it } from "vitest";
import { storageImageOrigins } from "../../lib/security/headers";
import { CreateJournalSchema, latestJournalDate } from "../../lib/validation/journal";
import { countCharacters, countWords, isCalendarDate } from "../../lib/validation/journal-limits";

// The pure parts of the journal rules, which the editor runs too; the HTTP tests cover the rest.

describe("countCharacters", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["👍🏽", 1],
    ["👨‍👩‍👧‍👦", 1],
    ["🇵🇹", 1],
    ["e\u0301", 1],
    ["a 👍🏽 b", 5],
  ])("counts %j as %i", (text, n) => expect(countCharacters(text)).toBe(n));
});

describe("countWords", () => {
  it.each([
    ["", 0],
    ["   \n\t ", 0],
    ["one", 1],
    ["  two   words ", 2],
    ["line\nbreaks\tand tabs", 4],
    ["emoji 👍🏽 counts", 3],
  ])("counts %j as %i", (text, n) => expect(countWords(text)).toBe(n));
});

describe("isCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "2025-12-31", "0001-01-01"])("accepts %s", (d) =>
    expect(isCalendarDate(d)).toBe(true),
  );
  it.each([
    "2023-02-29",
    "1900-02-29",
    "2025-04-31",
    "2025-13-01",
    "0000-01-01",
    "2025-1-1",
    "20250101",
    " 2025-01-01",
  ])("refuses %j", (d) => expect(isCalendarDate(d)).toBe(false));
});

describe("latestJournalDate", () => {
  it("is tomorrow in UTC, whatever the hour", () => {
    expect(latestJournalDate(new Date("2026-03-10T00:00:00Z"))).toBe("2026-03-11");
    expect(latestJournalDate(new Date("2026-03-10T23:59:59Z"))).toBe("2026-03-11");
    expect(latestJournalDate(new Date("2024-02-28T12:00:00Z"))).toBe("2024-02-29");
    expect(latestJournalDate(new Date("2025-12-31T12:00:00Z"))).toBe("2026-01-01");
  });

  it("is what the create schema allows", () => {
    const fields = { title: "t", content: "c", journaldate: latestJournalDate() };
    expect(CreateJournalSchema.safeParse(fields).success).toBe(true);
  });
});

describe("storageImageOrigins (CSP img-src for S3 redirects)", () => {
  const base = { S3_REGION: "eu-west-3", S3_FORCE_PATH_STYLE: false };
  it.each([
    ["no bucket", { ...base }, []],
    [
      "AWS",
      { ...base, S3_BUCKET: "photos" },
      ["https://s3.eu-west-3.amazonaws.com", "https://photos.s3.eu-west-3.amazonaws.com"],
    ],
    ["AWS, a dotted bucket (path style)", { ...base, S3_BUCKET: "my.photos" }, ["https://s3.eu-west-3.amazonaws.com"]],
    [
      "a custom endpoint",
      { ...base, S3_BUCKET: "photos", S3_ENDPOINT: "https://acc.r2.example.com" },
      ["https://acc.r2.example.com", "https://photos.acc.r2.example.com"],
    ],
    [
      "a custom endpoint in path style",
      { ...base, S3_BUCKET: "photos", S3_ENDPOINT: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: true },
      ["http://127.0.0.1:9000"],
    ],
    ["a region that is not a host name", { ...base, S3_BUCKET: "photos", S3_REGION: "eu west; img-src *" }, []],
  ])("%s", (_label, settings, origins) => expect(storageImageOrigins(settings)).toEqual(origins));
});
