import { DIALOG_SCOPE, expect, expectNoA11yViolationsInEachScheme, test } from "./fixtures";

test("the navigation bar links to every section and marks the current page", async ({ signedIn: { page } }) => {
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(page.getByRole("combobox", { name: "Search users" })).toHaveAttribute("placeholder", "Search users…");

  const sections = [
    { link: "My Diary", url: /\/my-diary$/, heading: "My Diary" },
    { link: "My Friends", url: /\/close-circle$/, heading: "Close Circle" },
    { link: "Me", url: /\/me$/, heading: "Test Writer" },
  ];
  for (const { link, url, heading } of sections) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
  }

  await page.getByRole("banner").getByRole("link", { name: "Inkwell" }).click();
  await expect(page).toHaveURL(/\/close-circle$/);
});

test("the dashboard's button opens My Diary, and it shows the four getting-started cards", async ({
  signedIn: { page },
}) => {
  await page.goto("/dashboard");
  const cards = page.getByRole("region", { name: "How to Get Started" }).getByRole("heading", { level: 3 });
  await expect(cards).toHaveText([
    "Write Your Entry",
    "Read what your Peers Write",
    "React & Encourage",
    "Connect with Friends",
  ]);
  // Each card leads to what it describes, in the words of this screen's navigation (a search bar here).
  const region = page.getByRole("region", { name: "How to Get Started" });
  for (const [name, href] of [
    ["Write Your Entry", "/my-diary"],
    ["Read what your Peers Write", "/close-circle"],
    ["React & Encourage", "/close-circle"],
    ["Connect with Friends", "/close-circle#fellow-writers-heading"],
  ] as const)
    await expect(region.getByRole("link", { name })).toHaveAttribute("href", href);
  await expect(region.getByText("the search bar")).toBeVisible();
  await expect(region.getByText("the Search tab")).toBeHidden();
  await expect(page.getByText("stored privately and are never shared without your permission")).toBeVisible();
  // No advice on which device to write on: Inkwell works on a phone too.
  await expect(page.getByText("laptop or desktop")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to My Diary" }).click();
  await expect(page).toHaveURL(/\/my-diary$/);
});

test("'?' lists the keyboard shortcuts in a dialog, except while typing in a field", async ({ signedIn: { page } }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const search = page.getByRole("banner").getByRole("combobox", { name: "Search users" });
  await search.fill("");
  await search.press("?");
  await expect(search).toHaveValue("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toHaveCount(0);

  await search.fill("");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("?");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("definition")).toContainText(["Search your diary", "Save the page you are writing"]);
  await expectNoA11yViolationsInEachScheme(page, { include: DIALOG_SCOPE });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("Notifications toggles its panel; Escape closes it and returns focus", async ({ signedIn: { page } }) => {
  await page.goto("/dashboard");
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Notifications" });
  const empty = page.getByRole("banner").getByText("No notifications yet");

  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(empty).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(empty).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(empty).toBeHidden();

  await button.click();
  await expect(empty).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(empty).toBeHidden();
  await expect(button).toBeFocused();
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the navigation is a bottom bar whose Search button opens a modal", async ({ signedIn: { page } }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    const box = await nav.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(600);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, 0);
    for (const label of ["My Friends", "My Diary", "Me"])
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Notifications" })).toBeVisible();
    // The header's search box gives way to the button.
    await expect(page.getByRole("combobox", { name: "Search users" })).toBeHidden();

    const open = nav.getByRole("button", { name: "Search" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole("combobox", { name: "Search users" });
    await expect(field).toBeFocused();
    // Focus is trapped: Tab and Shift+Tab wrap around inside the dialog.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(field).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  // Since the phone's Notifications became a modal sheet (1a7f533), the bar behind it is hidden from
  // the accessibility tree while it is open; e2e/friends.spec.ts checks the sheet itself.
  test("the Notifications button of the bottom bar opens its sheet, which closes back to it", async ({
    signedIn: { page },
  }) => {
    await page.goto("/my-diary");
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Notifications" });
    await button.click();
    const sheet = page.getByRole("dialog", { name: "Notifications" });
    await expect(sheet.getByText("No notifications yet")).toBeInViewport();
    await sheet.getByRole("button", { name: "Close" }).click();
    await expect(sheet).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });
});
