import { useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ContentField } from "@/components/diary/content-field";
import { FormatToolbar } from "@/components/diary/format-toolbar";
import { MarkdownText } from "@/components/ui/markdown-text";
import { FORMATTED_TEXT_MAX, NESTING_MAX, showFormatted } from "@/lib/journals/formatting";

// Formatting a page (docs/decisions/128-formatting-a-page.md): what the renderer makes of a page's
// Markdown, what it never makes of a hostile one, and the buttons that put the marks in.

test("bold, italic, lists, a quote and a link are shown formatted; a link opens apart, telling nothing", async () => {
  const { container } = await render(
    <MarkdownText
      text={
        "A **good** day, *slowly*.\n\n- tea\n- toast\n\n1. first\n2. second\n\n> Be kind.\n\nSee [the sea](https://example.com/sea)."
      }
    />,
  );
  expect(container.querySelector("strong")?.textContent).toBe("good");
  expect(container.querySelector("em")?.textContent).toBe("slowly");
  expect([...container.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["tea", "toast"]);
  expect([...container.querySelectorAll("ol li")].map((li) => li.textContent)).toEqual(["first", "second"]);
  expect(container.querySelector("blockquote")?.textContent?.trim()).toBe("Be kind.");
  const link = page.getByRole("link", { name: "the sea" });
  await expect.element(link).toHaveAttribute("href", "https://example.com/sea");
  await expect.element(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await expect.element(link).toHaveAttribute("target", "_blank");
});

test("nothing a page holds runs, loads or links anywhere but the web and mail", async () => {
  const hostile = [
    "<script>window.ran = 1</script>",
    '<img src="x" onerror="window.ran = 2">',
    "[click](javascript:window.ran=3)",
    "[data](data:text/html,<script>window.ran=4</script>)",
    "[vb](vbscript:msgbox)",
    "![a cat](https://tracker.example/pixel.png)",
    '<a href="https://example.com" style="color:red">styled</a>',
    "[mail](mailto:me@example.com)",
  ].join("\n\n");
  const { container } = await render(<MarkdownText text={hostile} />);
  expect(container.querySelector("script, img, iframe, style, [style], [onerror]")).toBeNull();
  // Raw HTML is shown as the words it is.
  expect(container.textContent).toContain("<script>window.ran = 1</script>");
  expect(container.textContent).toContain('<img src="x" onerror="window.ran = 2">');
  // An image is never loaded; its description stays.
  expect(container.textContent).toContain("a cat");
  const hrefs = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
  expect(hrefs).toEqual(["mailto:me@example.com"]);
  expect((window as { ran?: number }).ran).toBeUndefined();
});

test("a text too long or nested too deep is shown as written (components/ui/formatted-text.tsx), at once", async () => {
  expect(showFormatted("**bold**")).toBe(true);
  expect(showFormatted("no marks at all, only #tags")).toBe(false);
  expect(showFormatted(`**bold** ${"x".repeat(FORMATTED_TEXT_MAX)}`)).toBe(false);
  expect(showFormatted(`${"> ".repeat(NESTING_MAX + 1)}deep`)).toBe(false);
  expect(showFormatted(`${"- ".repeat(NESTING_MAX + 1)}deep`)).toBe(false);
  expect(showFormatted(`${"> ".repeat(NESTING_MAX)}as deep as may be`)).toBe(true);
  expect(showFormatted(`${"> ".repeat(10_000)}the words`)).toBe(false);
  // 10 000 asterisks: in a sentence, marks that pair with nothing, shown as written; alone on their
  // line, Markdown's rule.
  const stars = `A sky of ${"*".repeat(10_000)} tonight`;
  const shown = await render(<MarkdownText text={`${stars}\n\n${"*".repeat(10_000)}`} />);
  expect(shown.container.textContent?.trim()).toBe(stars);
  expect(shown.container.querySelectorAll("hr")).toHaveLength(1);
});

function Editor() {
  const [value, setValue] = useState("a good day\nsecond line");
  return (
    <div className="w-[640px] p-6">
      <ContentField
        id="story"
        label="Your entry"
        value={value}
        onChange={setValue}
        pageFull={false}
        onPageFull={() => {}}
        describedBy="story-format-hint"
      />
      <FormatToolbar targetId="story" />
    </div>
  );
}

test("the buttons and Ctrl+B, I and K put the marks around the chosen words, or before the lines", async () => {
  await render(<Editor />);
  const story = page.getByRole("textbox", { name: "Your entry" });
  const el = story.element() as HTMLTextAreaElement;
  el.focus();
  el.setSelectionRange(2, 6);
  await page.getByRole("button", { name: "Bold" }).click();
  await expect.element(story).toHaveValue("a **good** day\nsecond line");
  // The words stay chosen: Ctrl+I makes them italic too.
  await userEvent.keyboard("{Control>}i{/Control}");
  await expect.element(story).toHaveValue("a ***good*** day\nsecond line");
  el.setSelectionRange(el.value.length, el.value.length);
  await page.getByRole("button", { name: "Bullet points" }).click();
  await expect.element(story).toHaveValue("a ***good*** day\n- second line");
  el.setSelectionRange(0, 1);
  await userEvent.keyboard("{Control>}k{/Control}");
  await expect.element(story).toHaveValue("[a](https://) ***good*** day\n- second line");
  // The address is chosen, to be typed over.
  expect(el.value.slice(el.selectionStart, el.selectionEnd)).toBe("https://");
});
