import type { Page } from "@playwright/test";
import { IMAGE_UNSUPPORTED_MESSAGE } from "../lib/images/messages";
import {
  TODAY,
  TOMORROW,
  YESTERDAY,
  calendar,
  message,
  openDiary,
  pauseClock,
  photo,
  runUntilVisible,
  write,
} from "./diary-helpers";
import { expect, expectNoA11yViolations, test } from "./fixtures";

const savedMessage = (page: Page) => message(page, "Entry saved!");

test("write an entry with a photo, see the day marked, reload, edit, remove the photo, delete", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await expect(page.getByRole("form", { name: "Write today's entry" })).toBeVisible();
  await write(page, "Rain at last", "The garden drank all afternoon.\nI sat on the porch and listened.");
  await page
    .getByLabel("Add photo")
    .setInputFiles({ name: "garden.png", mimeType: "image/png", buffer: await photo("#3a7d44") });
  await expect(page.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();

  await expect(savedMessage(page)).toBeVisible();
  const entry = page.getByRole("article");
  await expect(entry.getByRole("heading", { name: "Rain at last" })).toBeVisible();
  await expect(entry).toContainText("I sat on the porch and listened.");
  await expect(entry.getByRole("img", { name: "Photo for “Rain at last”" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, entry written` })).toBeVisible();

  await page.reload();
  await expect(entry.getByRole("heading", { name: "Rain at last" })).toBeVisible();
  await expect(entry.getByRole("img", { name: "Photo for “Rain at last”" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, entry written` })).toBeVisible();

  await entry.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("form", { name: "Edit your entry" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toBeFocused();
  await page.getByRole("textbox", { name: "Title" }).fill("Rain, at last");
  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(page.getByRole("img", { name: "The entry's photo" })).toHaveCount(0);
  await page.getByRole("button", { name: "Update" }).click();

  await expect(message(page, "Entry updated!")).toBeVisible();
  await expect(entry.getByRole("heading", { name: "Rain, at last" })).toBeVisible();
  await expect(entry.getByRole("img")).toHaveCount(0);

  await entry.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this entry?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(message(page, "Entry deleted.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Write today's entry" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: TODAY, exact: true })).toBeVisible();
});

test("a page load asks for who is signed in, today and its month once each, while the page is read", async ({
  signedIn: { page },
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) asked.push(pathname);
  });
  // Every fetch of the page, and whether the HTML's own inline script made it (a script being run
  // from the page, with no src: not the app's code, which runs from its chunks or later).
  // The inbox's live stream opens once the page is up; its `ready` is noted a task after every
  // listener of that event, so after anything it makes the page ask again.
  await page.addInitScript(() => {
    const fetches: { path: string; inline: boolean }[] = [];
    (window as { fetches?: typeof fetches }).fetches = fetches;
    const w = window as unknown as { streamReady: boolean };
    w.streamReady = false;
    const Source = window.EventSource;
    window.EventSource = class extends Source {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("ready", () => setTimeout(() => (w.streamReady = true), 0));
      }
    };
    const realFetch = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const script = document.currentScript;
      fetches.push({
        path: input instanceof Request ? new URL(input.url).pathname : String(input),
        inline: script instanceof HTMLScriptElement && !script.src,
      });
      return realFetch.call(this, input, init);
    };
  });
  await openDiary(page);
  await expect(page.getByRole("form", { name: "Write today's entry" })).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { streamReady: boolean }).streamReady);
  const fetches = await page.evaluate(
    () => (window as { fetches?: { path: string; inline: boolean }[] }).fetches ?? [],
  );
  for (const path of ["/api/auth/me", "/api/journals/date/2026-03-10", "/api/journals/month/2026/3"]) {
    // Asked once, by the inline script, and the answer used: the screen did not ask again, nor did
    // the stream's first `ready` (docs/decisions/099).
    expect(
      fetches.filter((f) => f.path === path),
      path,
    ).toEqual([{ path, inline: true }]);
    expect(
      asked.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  }
});

test("Cancel in the delete dialog keeps the entry", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await write(page, "Kept", "Still here.");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("article").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete this entry?" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "Kept" })).toBeVisible();
});

test("the photo takes image files only", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await page
    .getByLabel("Add photo")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(message(page, IMAGE_UNSUPPORTED_MESSAGE, "alert")).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the chosen photo" })).toHaveCount(0);
});

test("Cancel leaves editing without saving the changes, once asked: changed words are never dropped silently", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  await write(page, "As it was", "Untouched.");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  // Unchanged, Cancel just goes back.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "As it was" })).toBeVisible();
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  const title = page.getByRole("textbox", { name: "Title" });
  await title.fill("Changed my mind");
  await page.getByRole("button", { name: "Cancel" }).click();
  const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
  await ask.getByRole("button", { name: "Keep writing" }).click();
  await expect(title).toHaveValue("Changed my mind");
  await page.getByRole("button", { name: "Cancel" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "As it was" })).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: `${TODAY}, entry written` })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("article").getByRole("heading", { name: "As it was" })).toBeVisible();
});

test("a future day is refused in the full view for 2 seconds, and does not look writable", async ({
  signedIn: { page },
}) => {
  await openDiary(page, { timers: true });
  const tomorrow = calendar(page).getByRole("button", { name: TOMORROW });
  await expect(tomorrow).toHaveAttribute("aria-disabled", "true");
  await expect(tomorrow).toHaveCSS("cursor", "not-allowed");
  await tomorrow.focus();
  await pauseClock(page);
  await page.keyboard.press("Enter");
  const warning = calendar(page).getByText("Can't write in future dates!");
  await runUntilVisible(page, warning);
  await expect(calendar(page).getByText("Time hasn't caught up yet...")).toBeVisible();
  await expect(calendar(page).getByRole("button", { name: TODAY })).toHaveAttribute("aria-pressed", "true");
  await page.clock.runFor(1950);
  await expect(warning).toBeVisible();
  await page.clock.runFor(100);
  await expect(warning).toBeHidden();
});

test("a past day opens its own empty page, 'Loading the entry for …' first", async ({ signedIn: { page } }) => {
  await openDiary(page);
  // The day's answer is held until the loading line has been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/journals/date/2026-03-09", async (route) => {
    await held;
    await route.continue();
  });
  await calendar(page).getByRole("button", { name: YESTERDAY }).click();
  await expect(page.getByText(`Loading the entry for ${YESTERDAY}...`)).toBeVisible();
  release();
  await expect(page.getByRole("form", { name: "Write this day's entry" })).toBeVisible();
});

test("Save is disabled until title and content have words, and the anonymous choice follows visibility", async ({
  signedIn: { page },
}) => {
  await openDiary(page);
  const save = page.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await expect(page.getByText("Both title and content are required.")).toBeVisible();
  await write(page, "   ", "Words");
  await expect(save).toBeDisabled();
  await write(page, "A title", "   ");
  await expect(save).toBeDisabled();
  await write(page, "A title", "Words");
  await expect(save).toBeEnabled();

  const anonymous = page.getByRole("checkbox", { name: /Post anonymously/ });
  await expect(anonymous).toHaveCount(0);
  await page.getByRole("radio", { name: "Me & my Friends" }).check();
  await anonymous.check();
  await page.getByRole("radio", { name: "Keep Private" }).check();
  await expect(anonymous).toHaveCount(0);
  await page.getByRole("radio", { name: "Me & my Friends" }).check();
  await expect(anonymous).not.toBeChecked();
});

test("the saved confirmation lasts 3 seconds and an error clears after 5", async ({
  signedIn: { page },
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  await openDiary(page, { timers: true });
  await write(page, "Timed", "Seconds.");
  await pauseClock(page);
  await page.getByRole("button", { name: "Save" }).click();
  await runUntilVisible(page, savedMessage(page));
  await page.clock.runFor(2950);
  await expect(savedMessage(page)).toBeVisible();
  await page.clock.runFor(100);
  await expect(savedMessage(page)).toBeHidden();

  await page.clock.resume();
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  await page.route("**/api/journals/*", (route) =>
    route.fulfill({ status: 500, json: { message: "Internal Server Error" } }),
  );
  await pauseClock(page);
  await page.getByRole("button", { name: "Update" }).click();
  const error = message(page, "Could not save — your words are kept here; try again.", "alert");
  await runUntilVisible(page, error);
  await page.clock.runFor(4950);
  await expect(error).toBeVisible();
  await page.clock.runFor(100);
  await expect(error).toBeHidden();
});

test("a draft survives a reload and a failed save, and a successful save clears it", async ({
  signedIn: { page },
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/);
  await openDiary(page);
  await write(page, "Unfinished", "Half a thought, typed and not saved.");
  await page.reload();
  await expect(page.getByText("Draft restored")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Unfinished");
  await expect(page.getByRole("textbox", { name: "Your entry" })).toHaveValue("Half a thought, typed and not saved.");

  // A failed answer, in words rather than its status line (docs/decisions/098); a request with no
  // answer at all goes to the outbox instead (e2e/offline-writing.spec.ts).
  await page.route("**/api/journals", (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(message(page, "Could not save — your words are kept here; try again.", "alert")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your entry" })).toHaveValue("Half a thought, typed and not saved.");
  await page.unroute("**/api/journals");

  await page.reload();
  await expect(page.getByText("Draft restored")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(savedMessage(page)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article").getByRole("heading", { name: "Unfinished" })).toBeVisible();
  await page.getByRole("article").getByRole("button", { name: "Edit" }).click();
  await expect(page.getByText("Draft restored")).toHaveCount(0);
});

test("logout asks before deleting a draft not yet saved, then forgets the drafts kept in this browser", async ({
  signedIn: { page },
}) => {
  const drafts = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("inkwell:draft:")).length);
  await openDiary(page);
  await write(page, "Half a thought", "Not saved yet.");
  await expect.poll(drafts).toBe(1);
  await page.goto("/me");
  await page.getByRole("button", { name: "Logout" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unsaved drafts" });
  await expect(dialog).toContainText(
    "1 draft you have not saved is kept only in this browser. Logging out deletes it from this device.",
  );
  await dialog.getByRole("button", { name: "Stay signed in" }).click();
  await expect(dialog).toBeHidden();
  expect(await drafts()).toBe(1);
  await page.getByRole("button", { name: "Logout" }).click();
  await dialog.getByRole("button", { name: "Log out and delete them" }).click();
  await expect(page).toHaveURL("/login");
  expect(await drafts()).toBe(0);
});

test("the diary page has no serious accessibility violations", async ({ signedIn: { page } }) => {
  await openDiary(page);
  await expect(page.getByRole("form", { name: "Write today's entry" })).toBeVisible();
  await expectNoA11yViolations(page);
  await write(page, "Seen", "By axe.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("article")).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe("on a phone @phone", () => {
  test("Select Date opens a modal that refuses future days, then writes on the chosen day", async ({
    signedIn: { page },
  }) => {
    await openDiary(page);
    await expect(calendar(page)).toBeHidden();
    await page.getByRole("button", { name: "Select Date" }).click();
    const modal = page.getByRole("dialog", { name: "Select Date" });
    await expect(modal).toBeVisible();
    await modal.getByRole("button", { name: TOMORROW }).click({ force: true });
    await expect(modal.getByText("Can't select future dates!")).toBeVisible();
    await modal.getByRole("button", { name: YESTERDAY }).click();
    await expect(modal).toBeHidden();

    await expect(page.getByRole("form", { name: "Write this day's entry" })).toBeVisible();
    await write(page, "From the bus", "Typed with one thumb.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("article").getByRole("heading", { name: "From the bus" })).toBeVisible();
    await page.getByRole("button", { name: "Select Date" }).click();
    await expect(modal.getByRole("button", { name: `${YESTERDAY}, entry written` })).toBeVisible();
  });
});
