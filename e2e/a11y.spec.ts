import type { Page } from "@playwright/test";
import { contrast, solidRings } from "./contrast";
import {
  expect,
  expectNoA11yViolations,
  expectNoA11yViolationsInEachScheme,
  inEachScheme,
  SCHEMES,
  test,
} from "./fixtures";

// docs/style.md 11: axe on every screen, signed out and signed in, wide and narrow, in both themes
// (docs/decisions/015). Dark here is the system's; e2e/theme.spec.ts covers the chosen one, which
// sets the same colours.
const PUBLIC = ["/login", "/signup", "/forgot-password", "/reset-password/some-token", "/verify-email/some-token"];
const SIGNED_IN = [
  "/dashboard",
  "/close-circle",
  "/my-diary",
  "/me",
  "/me/writing",
  "/me/reminders",
  "/me/data",
  "/me/privacy",
  "/notifications",
  "/public/00000000-0000-4000-8000-000000000000",
];

// Each screen is loaded once and judged in the light scheme, then the dark (inEachScheme).
for (const path of PUBLIC) {
  test(`${path} has no serious accessibility violations, light and dark`, async ({ page }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoA11yViolationsInEachScheme(page);
  });
}

for (const path of SIGNED_IN) {
  test(`${path} has no serious accessibility violations, light and dark`, async ({ signedIn: { page } }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    // A year of days (a grid of 365 labelled cells) and the reminder's list of time zones: axe
    // alone took 25–35 s over each on a busy 2-core machine, past a test's 30 s.
    if (path === "/me/writing" || path === "/me/reminders") test.slow();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
}

test("the 404 page has no serious accessibility violations, light and dark", async ({ page }) => {
  test.slow(); // the page is judged in both schemes, one after the other
  // app/[locale]/not-found.tsx answers a notFound() (here an unsubscribe link that is not one);
  // every unknown path of ours redirects instead.
  const response = await page.goto("/unsubscribe/not-a-token");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page is blank" })).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);
});

test("the open notifications panel has no serious accessibility violations, light and dark", async ({
  signedIn: { page },
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByRole("banner").getByText("No notifications yet")).toBeVisible();
  await expectNoA11yViolationsInEachScheme(page);
});

test("the open Theme menu has no serious accessibility violations, light and dark", async ({ signedIn: { page } }) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toBeChecked();
  await expectNoA11yViolationsInEachScheme(page);
});

test("the focus ring contrasts 3:1 with the primary button, its band and the page, light and dark", async ({
  page,
}) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await page.goto("/login");
  await page.getByLabel("Password").focus();
  await page.keyboard.press("Tab"); // Forgot password?
  await page.keyboard.press("Tab");
  const login = page.getByRole("button", { name: "Login", exact: true });
  await expect(login).toBeFocused();
  await inEachScheme(page, async (scheme) => {
    const ring = await focusRing(page);
    expect(ring.focusVisible, scheme).toBe(true);
    expect(ring.outlineStyle).toBe("solid");
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    // The band of page colour fills the gap between the button and its outline, all the way.
    const [band] = solidRings(ring.boxShadow);
    expect(band, `a solid band in ${ring.boxShadow} (${scheme})`).toBeDefined();
    expect(band!.spread).toBeGreaterThanOrEqual(parseFloat(ring.outlineOffset));
    // Every pair of colours that touch: the band and the fill, the outline and the band, the
    // outline and what lies around the button (the sheet, its rules, the desk).
    expect(contrast(band!.color, ring.fill), scheme).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.outlineColor, band!.color), scheme).toBeGreaterThanOrEqual(3);
    for (const around of [ring.sheet, ring.rule, ring.desk])
      expect(contrast(ring.outlineColor, around), scheme).toBeGreaterThanOrEqual(3);
  });
});

// A toast lives for seconds: each scheme gets its own, rather than one judged twice while it ages.
for (const scheme of SCHEMES) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test("an error toast has no serious accessibility violations", async ({ page }) => {
      // Without motion the toast is at full opacity as soon as it shows: axe judges its colours, not a fade.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/login");
      await page.getByLabel("Username").fill("nobody-here");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByText("Login failed")).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test("with reduced motion a busy button's spinner stands still", async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/api/auth/login", async (route) => {
        await held;
        await route.fulfill({ status: 401, json: { message: "Invalid credentials" } });
      });
      await page.goto("/login");
      await page.getByLabel("Username").fill("nobody-here");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      // The icon is decorative (aria-hidden), so it is found by the class that spins it.
      const spinner = page.getByRole("button", { name: "Logging in…" }).locator(".animate-spin");
      await expect(spinner).toHaveCSS("animation-name", "spin");
      await page.emulateMedia({ reducedMotion: "reduce" });
      await expect(spinner).toHaveCSS("animation-name", "none");
      release();
      await expect(page.getByText("Login failed")).toBeVisible();
    });
  });
}

/** The focused element's ring, its fill, and the colours around it. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const sheet = el.closest(".notebook");
    if (!sheet) throw new Error("the focused control is not on a notebook sheet");
    const root = getComputedStyle(document.documentElement);
    return {
      focusVisible: el.matches(":focus-visible"),
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
      outlineOffset: style.outlineOffset,
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
      fill: style.backgroundColor,
      sheet: getComputedStyle(sheet).backgroundColor,
      rule: root.getPropertyValue("--color-rule"),
      desk: root.backgroundColor,
    };
  });
}

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("/login has no serious accessibility violations, light and dark", async ({ page }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });

  for (const path of ["/dashboard", "/me", "/me/reminders"]) {
    test(`${path} has no serious accessibility violations, light and dark`, async ({ signedIn: { page } }) => {
      if (path === "/me/reminders") test.slow(); // the time zones: see above
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoA11yViolationsInEachScheme(page);
    });
  }

  test("the open Search modal has no serious accessibility violations, light and dark", async ({
    signedIn: { page },
  }) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("dialog", { name: "Search" })).toBeVisible();
    await expectNoA11yViolationsInEachScheme(page);
  });
});
