import { useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ContentField, TextCounter } from "@/components/diary/content-field";

// The entry's text and its counter (components/diary/content-field.tsx), as the diary's editor
// holds them: two limits (docs/product.md §5), 900 characters, where nothing typed is dropped and
// what is over is marked, and the page, past which only deletion and navigation keys work. Save
// waiting while the text is over: e2e/entry-editor.spec.ts, on the real editor.

function Editor({ initial = "", max }: { initial?: string; max?: number }) {
  const [value, setValue] = useState(initial);
  const [pageFull, setPageFull] = useState(false);
  return (
    <div className="notebook w-[640px] p-6">
      <ContentField
        id="story"
        label="Your entry"
        value={value}
        max={max}
        onChange={setValue}
        pageFull={pageFull}
        onPageFull={setPageFull}
        describedBy="story-counter story-limit"
      />
      <TextCounter id="story" value={value} pageFull={pageFull} max={max} />
    </div>
  );
}

const story = () => page.getByRole("textbox", { name: "Your entry" });
const storyElement = () => story().element() as HTMLTextAreaElement;

test("the counter warns at 50 left, and what is typed past 900 characters is kept, counted and marked as over", async () => {
  await page.viewport(1280, 900);
  await render(<Editor />);
  await story().fill("word ".repeat(170));
  await expect.element(page.getByText("850/900 characters · 170 words · 50 left")).toBeVisible();
  await expect.element(story()).not.toHaveAttribute("aria-invalid");
  await story().fill("word ".repeat(180));
  await expect.element(page.getByText("Character limit reached!")).toBeVisible();
  storyElement().setSelectionRange(900, 900);
  await userEvent.keyboard("more");
  await expect.element(story()).toHaveValue("word ".repeat(180) + "more");
  await expect.element(page.getByText("904/900 characters · 181 words")).toBeVisible();
  await expect.element(page.getByText("4 characters over")).toBeVisible();
  await expect.element(story()).toHaveAttribute("aria-invalid", "true");
  // What is over is marked behind the text (a textarea cannot style part of its text).
  expect(document.querySelector("[data-over-limit] mark")?.textContent).toBe("more");
  // Back under the limit, the mark and the warning go.
  await userEvent.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}");
  await expect.element(page.getByText("899/900 characters · 180 words · 1 left")).toBeVisible();
  expect(document.querySelector("[data-over-limit]")).toBeNull();
});

test("a full page takes only deletion and navigation keys, and says so until something is deleted", async () => {
  await page.viewport(1280, 900);
  await render(<Editor />);
  await story().fill("line\n".repeat(10));
  // A paste that would overflow the page is refused whole; the text stays as it was.
  await story().fill("line\n".repeat(40));
  await expect.element(page.getByText("Maximum writing space reached!")).toBeVisible();
  await expect.element(story()).toHaveValue("line\n".repeat(10));
  storyElement().setSelectionRange(50, 50);
  await userEvent.keyboard("x");
  await expect.element(story()).toHaveValue("line\n".repeat(10));
  await userEvent.keyboard("{ArrowLeft}{ArrowRight}");
  await userEvent.keyboard("{Backspace}");
  await expect.element(story()).toHaveValue("line\n".repeat(9) + "line");
  await expect.element(page.getByText("Maximum writing space reached!")).not.toBeInTheDocument();
});

test("an imported page longer than 900 counts without a limit, and only going past its own length is over", async () => {
  const imported = "a".repeat(1200);
  await render(<Editor initial={imported} max={1200} />);
  await expect.element(page.getByText("1200 characters · 1 word", { exact: true })).toBeVisible();
  await expect.element(page.getByText("Character limit reached!")).not.toBeInTheDocument();
  storyElement().focus();
  storyElement().setSelectionRange(1200, 1200);
  await userEvent.keyboard("b");
  await expect.element(page.getByText("1 character over")).toBeVisible();
});

test("the empty page is 22 ruled lines tall, its lines the paper's", async () => {
  await page.viewport(1280, 900);
  await render(<Editor />);
  const line = parseFloat(getComputedStyle(storyElement()).lineHeight);
  expect(line).toBe(32);
  expect(storyElement().getBoundingClientRect().height).toBe(22 * line);
});
