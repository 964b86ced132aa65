import { describe, expect, it } from "vitest";
import { cleanText, pageOf, readEntry, tagWord, tagsInText, titleOf } from "../../lib/imports/day-one";
import { classifyEntryName, photoLookupName } from "../../lib/imports/zip";

// Day One's JSON as the import reads it (docs/decisions/078): pure text, no I/O.

describe("an entry's day", () => {
  it("is its local day in its own time zone, either side of midnight; a missing or unknown zone is UTC, said", () => {
    expect(readEntry({ creationDate: "2026-03-01T23:30:00Z", timeZone: "Europe/Paris", text: "a" })).toMatchObject({ day: "2026-03-02", zoneDefaulted: false });
    expect(readEntry({ creationDate: "2026-03-03T05:00:00Z", timeZone: "America/Los_Angeles", text: "a" })).toMatchObject({ day: "2026-03-02" });
    expect(readEntry({ creationDate: "2026-03-03T05:00:00Z", timeZone: "Pacific/Kiritimati", text: "a" })).toMatchObject({ day: "2026-03-03" });
    expect(readEntry({ creationDate: "2026-03-03T23:00:00Z", timeZone: "Nowhere/Atlantis", text: "a" })).toMatchObject({ day: "2026-03-03", zoneDefaulted: true });
    expect(readEntry({ creationDate: "2026-03-03T23:00:00Z", text: "a" })).toMatchObject({ zoneDefaulted: true });
  });

  it("leaves out NUL characters, which no page can hold, and says so; every other character stays", () => {
    const entry = readEntry({ creationDate: "2026-03-01T10:00:00Z", text: "Be\u0000fore\u0000 after", tags: ["t\u0000ag"], photos: [{ md5: "ab\u0000cd" }] });
    expect(entry).toMatchObject({ text: "Before after", tags: ["tag"], photos: [{ md5: "abcd" }], nulRemoved: true });
    expect(readEntry({ creationDate: "2026-03-01T10:00:00Z", text: "Clean" })).toMatchObject({ nulRemoved: false });
  });

  it("is a problem without a readable date, and an entry that is not an object is another", () => {
    for (const creationDate of [undefined, "", "yesterday", "2026-13-45T00:00:00Z", 42]) expect(readEntry({ creationDate, text: "a" })).toBe("date");
    expect(readEntry("text")).toBe("shape");
    expect(readEntry(null)).toBe("shape");
  });
});

describe("the text", () => {
  it("loses Day One's Markdown escapes and moment links, and nothing else", () => {
    expect(cleanText("1\\. Walk \\- then \\(maybe\\) swim\\! \\#not \\*bold\\* a\\_b")).toBe("1. Walk - then (maybe) swim! #not *bold* a_b");
    expect(cleanText("Before ![](dayone-moment://ABC123) after\n\n\n\n![](dayone-moment:/audio/X)\nEnd")).toBe("Before  after\n\nEnd");
    expect(cleanText("A real ![photo](https://example.com/a.png) stays")).toBe("A real ![photo](https://example.com/a.png) stays");
  });

  it("gives a title from the first line without its heading marks, at most 100 characters", () => {
    expect(titleOf("\n\n## My day\n\nBody")).toBe("My day");
    expect(titleOf("x".repeat(150))).toBe("x".repeat(100));
    expect(titleOf("👩‍👩‍👧".repeat(120))).toBe("👩‍👩‍👧".repeat(100));
    expect(titleOf("")).toBe("");
  });

  it("finds #tags as the database does and turns Day One's tags into words", () => {
    expect([...tagsInText("#one and #Two- but not a#b or &#x or #")].sort()).toEqual(["one", "two"]);
    expect(tagWord("Road trip")).toBe("road-trip");
    expect(tagWord("  #café! ")).toBe("café");
    expect(tagWord("!!!")).toBeNull();
  });

  it("joins a day's entries by a blank line and adds only the tags the text lacks", () => {
    const at = (text: string, tags: string[] = []) => ({ day: "2026-03-01", at: 0, text, tags, photos: [], zoneDefaulted: false, nulRemoved: false });
    expect(pageOf([at("# Morning\n\nTea #tea", ["tea", "Slow day"]), at(""), at("Evening", ["slow day"])])).toEqual({
      title: "Morning",
      content: "Tea #tea\n\nEvening\n\n#slow-day",
    });
    // A heading the title cannot hold whole, or one with nothing under it, stays in the text; a plain first line too.
    const long = `# ${"word ".repeat(30).trim()}`;
    expect(pageOf([at(`${long}\n\nBody`)]).content).toBe(`${long}\n\nBody`);
    expect(pageOf([at("# Only a heading")])).toEqual({ title: "Only a heading", content: "# Only a heading" });
    expect(pageOf([at("A plain first line\nand more")])).toEqual({ title: "A plain first line", content: "A plain first line\nand more" });
    // A tag in the title counts as present.
    expect(pageOf([at("# Trip #rome\n\nPasta", ["Rome"])]).content).toBe("Pasta");
    expect(pageOf([at("", ["only tags"])])).toEqual({ title: "only-tags", content: "#only-tags" });
    expect(pageOf([at("")])).toEqual({ title: "", content: "" });
  });
});

describe("a ZIP's file names", () => {
  it.each([
    ["Journal.json", "journal"],
    ["Export/My Journal.JSON", "journal"],
    ["photos/abc.jpeg", "photo"],
    ["Export/Photos/ABC.HEIC", "photo"],
    ["photos/", "folder"],
    ["__MACOSX/photos/._abc.jpeg", "ignored"],
    [".DS_Store", "ignored"],
    ["videos/x.mov", "ignored"],
    ["audios/x.m4a", "ignored"],
    ["inkwell.json", "ignored"],
    ["entries/2026/03/2026-03-01.md", "ignored"],
    ["notes/2026-03-01.md", "unexpected"],
    ["Export/inkwell.json", "journal"],
    ["a.jpeg", "unexpected"],
    ["photos/run.sh", "unexpected"],
    [".json", "unexpected"],
    ["photos/.jpeg", "unexpected"],
  ])("%s is %s", (name, kind) => {
    expect(classifyEntryName(name)).toBe(kind);
  });

  it("finds a photo by its name without extension, in any case", () => {
    expect(photoLookupName("Export/photos/3D4588FE.JPEG")).toBe("3d4588fe");
  });
});
