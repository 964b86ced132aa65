import { createJournal, createUser, unique } from "../scripts/seed/factories";
import { pauseClock, runUntilVisible } from "./clock";
import { expect, expectNoA11yViolations, signInAs, test } from "./fixtures";
import { expectErrorBeside, expectValid } from "./forms";

const PASSWORD = "a long enough password";

/** sonner's region: once it is in the page, a toast shows as soon as it is asked for. */
const toaster = (page: import("@playwright/test").Page) => page.locator("section[aria-label^='Notifications']");

/** A sonner toast, found by its title. */
const toast = (page: import("@playwright/test").Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

test("sign up lands signed in on the dashboard with the banner and a greeting; log out; log in by email", async ({
  page,
}) => {
  const username = unique("new_");
  const email = `${username}@gmail.com`;
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Nova Writer");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  // Signed in at once: no detour through the login form.
  await expect(toast(page, "Welcome to Inkwell")).toContainText("We have mailed you a link to confirm your address.");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Nova!" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toContainText(
    "Please confirm your email address.",
  );
  await expect(page.getByText(/laptop/i)).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toMatch(/.{20,}/);
  expect((await page.context().cookies()).find((c) => c.name === "session")?.value).toBe(token);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nova Writer" })).toBeVisible();
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  // The server session is gone too, not just the stored token.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);

  // The same field takes the email address, whatever its case.
  await page.getByLabel("Username or email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Nova!" })).toBeVisible();
});

test("the dashboard greets a writer who has written by first name, as one coming back", async ({ page, db }) => {
  const { user } = await createUser(db, { name: "  Ada   King Lovelace " });
  await createJournal(db, user.id);
  await signInAs(page, db, user.id);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ada!" })).toBeVisible();
});

test("a non-Gmail address is refused beside its field before any request is sent, and not toasted", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/register")) sent.push(r.url());
  });
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Yann Hoo");
  await page.getByLabel("Username").fill(unique("yh_"));
  await page.getByLabel("Email").fill("yann@yahoo.com");
  await page.getByLabel("Password").fill(PASSWORD);
  // The field says beforehand which addresses this server takes (SIGNUP_EMAIL_DOMAINS).
  const hint = page.getByText("This Inkwell accepts addresses at gmail.com.");
  await expect(hint).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
  await expect(toaster(page)).toBeAttached();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expectErrorBeside(page.getByLabel("Email"), "Please use a Gmail address (must end with @gmail.com)");
  // One message per problem: the refusal stands in the hint's place, not above the same advice.
  await expect(hint).toHaveCount(0);
  // An error beside its field is not said again over the form (docs/decisions/098).
  await expect(toaster(page).getByRole("listitem")).toHaveCount(0);
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/signup$/);
});

test("a sign-up with three bad fields shows three errors, each beside its field, and the focus goes to the first", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/register")) sent.push(r.url());
  });
  await page.goto("/signup");
  const form = page.getByRole("form", { name: "Sign Up" });
  await form.getByLabel("Name", { exact: true }).fill("   ");
  await form.getByLabel("Username").fill("ab");
  await form.getByLabel("Email").fill(`${unique("ok_")}@gmail.com`);
  await form.getByLabel("Password").fill("short");
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expectErrorBeside(form.getByLabel("Name", { exact: true }), "Name is required");
  await expectErrorBeside(form.getByLabel("Username"), "Username must be at least 3 characters");
  await expectErrorBeside(form.getByLabel("Password"), "Password must be at least 8 characters");
  await expect(form.getByText("At least 8 characters.")).toHaveCount(0);
  await expectValid(form.getByLabel("Email"));
  await expect(form.locator("[aria-invalid=true]")).toHaveCount(3);
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
  expect(sent).toEqual([]);
  await expectNoA11yViolations(page);

  // Mending a field takes its message away; the others stay until the next try.
  await form.getByLabel("Name", { exact: true }).fill("Ada");
  await expectValid(form.getByLabel("Name", { exact: true }));
  await expectErrorBeside(form.getByLabel("Username"), "Username must be at least 3 characters");
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(form.getByLabel("Username")).toBeFocused();
  await expect(form.locator("[aria-invalid=true]")).toHaveCount(2);
  expect(sent).toEqual([]);
});

test("what only the server refuses shows beside its field too, and in no toast", async ({ page }) => {
  await page.goto("/signup");
  await expect(toaster(page)).toBeAttached();
  const form = page.getByRole("form", { name: "Sign Up" });
  // A text-direction mark: the form does not check for it, the API does (docs/decisions/042).
  await form.getByLabel("Name", { exact: true }).fill("Ada\u202e");
  await form.getByLabel("Username").fill(unique("rtl_"));
  await form.getByLabel("Email").fill(`${unique("rtl_")}@gmail.com`);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign Up", exact: true }).click();
  const message = "Name may not contain control characters, line breaks, text-direction marks or invisible characters";
  await expectErrorBeside(form.getByLabel("Name", { exact: true }), message);
  await expect(toaster(page).getByRole("listitem")).toHaveCount(0);
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a taken username shows the server's message beside the username, and no toast", async ({ page, db }) => {
  const { user } = await createUser(db);
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Copy Cat");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(`${unique("cc_")}@gmail.com`);
  await page.getByLabel("Password").fill(PASSWORD);
  await expect(toaster(page)).toBeAttached();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // The 409 names the field that clashes (docs/decisions/048).
  await expectErrorBeside(page.getByLabel("Username"), "Username already taken");
  await expect(toaster(page).getByRole("listitem")).toHaveCount(0);
  await expect(page.getByLabel("Username")).toBeFocused();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a wrong password shows 'Login failed' with 'Invalid credentials' for 3 seconds", async ({ page, db }) => {
  const { user } = await createUser(db);
  await page.clock.install();
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill("not the password");
  await pauseClock(page);
  await page.getByRole("button", { name: "Login", exact: true }).click();

  const failed = toast(page, "Login failed");
  await runUntilVisible(page, failed);
  await expect(failed).toContainText("Invalid credentials");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // docs/product.md §8: error toasts last 3 s (then sonner's exit animation takes under half a second).
  await page.clock.runFor(2900);
  await expect(failed).toBeVisible();
  await page.clock.runFor(700);
  await expect(failed).toBeHidden();
});

test("the Login button is disabled and busy while the request runs, and keeps the focus", async ({ page, db }) => {
  const { user, password } = await createUser(db);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let requests = 0;
  await page.route("**/api/auth/login", async (route) => {
    requests++;
    await held;
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(password!);
  await page.getByRole("button", { name: "Login", exact: true }).focus();
  await page.keyboard.press("Enter");
  const busy = page.getByRole("button", { name: "Logging in…" });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  // aria-disabled, not disabled: the keyboard stays where it was, and pressing again does nothing.
  await expect(busy).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByLabel("Password").press("Enter");
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(requests).toBe(1);
});

test("a signed-in visitor of /login or /signup goes to the dashboard", async ({ signedIn: { page } }) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a stale stored token is dropped on /login and the form stays", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("token", "no-such-session-token"));
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
});

test("the login and signup screens link to each other and to the password reset", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole("main").getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
