import { describe, expect, it } from "vitest";
import { cleanText, pageOf, readEntry, tagWord, tagsInText } from "../../lib/imports/day-one";
import { classifyEntryName, photoLookupName } from "../../lib/imports/zip";

// Day One's JSON as the import reads it (docs/decisions/078): pure text, no I/O.

describe("an entry's day", () => {
  it("is its local day in its own time zone, either side of midnight; a missing or unknown zone is UTC, said", () => {
    expect(readEntry({ creationDate: "2026-03-01T23:30:00Z", timeZone: "Europe/Paris", text: "a" })).toMatchObject({
      day: "2026-03-02",
      zoneDefaulted: false,
    });
    expect(
      readEntry({ creationDate: "2026-03-03T05:00:00Z", timeZone: "America/Los_Angeles", text: "a" }),
    ).toMatchObject({ day: "2026-03-02" });
    expect(
      readEntry({ creationDate: "2026-03-03T05:00:00Z", timeZone: "Pacific/Kiritimati", text: "a" }),
    ).toMatchObject({ day: "2026-03-03" });
    expect(readEntry({ creationDate: "2026-03-03T23:00:00Z", timeZone: "Nowhere/Atlantis", text: "a" })).toMatchObject({
      day: "2026-03-03",
      zoneDefaulted: true,
    });
    expect(readEntry({ creationDate: "2026-03-03T23:00:00Z", text: "a" })).toMatchObject({ zoneDefaulted: true });
  });

  it("leaves out NUL characters, which no page can hold, and says so; every other character stays", () => {
    const entry = readEntry({
      creationDate: "2026-03-01T10:00:00Z",
      text: "Be\u0000fore\u0000 after",
      tags: ["t\u0000ag"],
      photos: [{ md5: "ab\u0000cd" }],
    });
    expect(entry).toMatchObject({ text: "Before after", tags: ["tag"], photos: [{ md5: "abcd" }], nulRemoved: true });
    expect(readEntry({ creationDate: "2026-03-01T10:00:00Z", text: "Clean" })).toMatchObject({ nulRemoved: false });
  });

  it("notes Day One's location and star, which the report names (docs/decisions/099)", () => {
    const entry = { creationDate: "2026-03-01T10:00:00Z", text: "a" };
    expect(
      readEntry({ ...entry, location: { placeName: "Quai", latitude: 48.8, longitude: 2.3 }, starred: true }),
    ).toMatchObject({ hadLocation: true, starred: true });
    expect(readEntry({ ...entry, location: null, starred: false })).toMatchObject({
      hadLocation: false,
      starred: false,
    });
    expect(readEntry({ ...entry, location: "somewhere", starred: "yes" })).toMatchObject({
      hadLocation: false,
      starred: false,
    });
  });

  it("is a problem without a readable date, and an entry that is not an object is another", () => {
    for (const creationDate of [undefined, "", "yesterday", "2026-13-45T00:00:00Z", 42])
      expect(readEntry({ creationDate, text: "a" })).toBe("date");
    expect(readEntry("text")).toBe("shape");
    expect(readEntry(null)).toBe("shape");
  });
});

const at = (text: string, tags: string[] = []) => ({
  day: "2026-03-01",
  at: 0,
  text,
  tags,
  photos: [],
  zoneDefaulted: false,
  nulRemoved: false,
  hadLocation: false,
  starred: false,
});

describe("the text", () => {
  it("loses Day One's Markdown escapes Inkwell's Markdown does not need, and its moment links, and nothing else", () => {
    expect(cleanText("Walk \\- then \\(maybe\\) swim\\! 2\\. \\#not \\*bold\\* a\\_b \\[x\\] \\\\")).toBe(
      "Walk - then (maybe) swim! 2. #not \\*bold\\* a\\_b \\[x\\] \\\\",
    );
    // A line's opening list or quote mark stays escaped: it is words, not a list or a quote.
    expect(cleanText("1\\. First\n  12\\) Twelfth\n\\- dash\n\\+ plus\n\\> not quoted\n\\#tag")).toBe(
      "1\\. First\n  12\\) Twelfth\n\\- dash\n\\+ plus\n\\> not quoted\n#tag",
    );
    expect(cleanText("Before ![](dayone-moment://ABC123) after\n\n\n\n![](dayone-moment:/audio/X)\nEnd")).toBe(
      "Before  after\n\nEnd",
    );
    expect(cleanText("A real ![photo](https://example.com/a.png) stays")).toBe(
      "A real ![photo](https://example.com/a.png) stays",
    );
  });

  it("finds #tags as the database does and turns Day One's tags into words", () => {
    expect([...tagsInText("#one and #Two- but not a#b or &#x or #")].sort()).toEqual(["one", "two"]);
    expect(tagWord("Road trip")).toBe("road-trip");
    expect(tagWord("  #café! ")).toBe("café");
    expect(tagWord("!!!")).toBeNull();
  });

  it("joins a day's entries by a blank line and adds only the tags the text lacks", () => {
    expect(pageOf([at("# Morning\n\nTea #tea", ["tea", "Slow day"]), at(""), at("Evening", ["slow day"])])).toEqual({
      title: "Morning",
      content: "Tea #tea\n\nEvening\n\n#slow-day",
      text: "# Morning\n\nTea #tea\n\nEvening\n\n#slow-day",
    });
    // A tag in the title counts as present.
    expect(pageOf([at("# Trip #rome\n\nPasta", ["Rome"])]).content).toBe("Pasta");
    expect(pageOf([at("", ["only tags"])])).toEqual({ title: "", content: "#only-tags", text: "#only-tags" });
    expect(pageOf([at("")])).toEqual({ title: "", content: "", text: "" });
  });

  it("makes the first line the title or the text's, never both (docs/decisions/099)", () => {
    // A plain first line, as Day One writes a title, leaves the text like a heading.
    expect(pageOf([at("A plain first line\nand more")])).toEqual({
      title: "A plain first line",
      content: "and more",
      text: "A plain first line\nand more",
    });
    expect(pageOf([at("## My day\n\nBody")])).toMatchObject({ title: "My day", content: "Body" });
    // A one-line entry with more entries after it: its line is the title, the others the text.
    expect(pageOf([at("Just past midnight"), at("Evening")])).toMatchObject({
      title: "Just past midnight",
      content: "Evening",
    });
    // With nothing left under it, or a line the title cannot hold whole, it stays in the text and the page has no title of its own.
    expect(pageOf([at("# Only a heading")])).toEqual({
      title: "",
      content: "# Only a heading",
      text: "# Only a heading",
    });
    expect(pageOf([at("Only a line")])).toMatchObject({ title: "", content: "Only a line" });
    const long = `${"word ".repeat(30).trim()}`;
    expect(pageOf([at(`${long}\n\nBody`)])).toMatchObject({ title: "", content: `${long}\n\nBody` });
    expect(pageOf([at(`# ${"👩‍👩‍👧".repeat(100)}\nBody`)])).toMatchObject({ title: "👩‍👩‍👧".repeat(100), content: "Body" });
    // A line that starts with a #tag is no heading: the tag stays in the title.
    expect(pageOf([at("#walk by the river\nCold")])).toMatchObject({ title: "#walk by the river", content: "Cold" });
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
