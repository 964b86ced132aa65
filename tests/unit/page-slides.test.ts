import { describe, expect, it } from "vitest";
import { pageSlides } from "../../components/ui/page-slides";

// A page's photos on screen: each URL of `images` with the description at its place of `photos`
// (docs/decisions/138).
describe("pageSlides", () => {
  it("pairs each URL of `images` with the description at the same place of `photos`", () => {
    const slides = pageSlides({
      title: "Lake",
      images: ["/a", "/b", "/c"],
      imageDescription: "The shore",
      photos: [{ description: "The shore" }, { description: null }, { description: "  A heron  " }],
    });
    expect(slides).toEqual([
      { src: "/a", alt: "The shore" },
      { src: "/b", alt: "Photo 2 for “Lake”" },
      { src: "/c", alt: "A heron" },
    ]);
  });

  it("shows the first of `images` for an answer without `photos` (a locked page opened here, an old offline copy)", () => {
    expect(pageSlides({ title: "Lake", images: ["/a"], imageDescription: null })).toEqual([
      { src: "/a", alt: "Photo for “Lake”" },
    ]);
    expect(pageSlides({ title: "Lake", images: [], photos: [] })).toEqual([]);
  });

  it("reads an offline copy kept before the change by its `images`, whatever its `photos` still hold", () => {
    const old = {
      title: "Lake",
      images: ["/a", "/b"],
      photos: [
        { url: "/old-a", description: "One" },
        { url: "/old-b", description: "Two" },
      ],
    };
    expect(pageSlides(old).map((s) => s.src)).toEqual(["/a", "/b"]);
  });
});
