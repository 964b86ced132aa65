import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { notificationSettings, pushSubscriptions } from "../lib/db/schema";
import { befriend, createJournal, createSession, createUser } from "../scripts/seed/factories";
import { testEnv } from "../tests/support/env";
import { decryptPush, makeDevice, startPushService, type PushService } from "../tests/support/push-service";
import {
  cardScope,
  expect,
  expectNoA11yViolations,
  inEachScheme,
  noToasts,
  test,
  untilWorkerControls,
} from "./fixtures";
import { fullLaunchOptions } from "./chromium";

// The Push API, which the headless shell lacks: a file in the full browser (e2e/chromium.ts).
test.use({ launchOptions: fullLaunchOptions() });

/** axe judges the card under test: the whole of /me is e2e/me.spec.ts's (and ~14 s of axe on a busy machine). */
const NOTIFICATIONS_CARD = cardScope("notifications-heading");

// The Notifications card on /me and a push on its way to the screen (docs/product.md
// "Notifications", docs/decisions/082). Headless Chromium reaches no push service, so the test
// stands in for it: the page's pushManager hands out a subscription pointing at the test's push
// service on loopback, which receives and decrypts what the server sends; the test then delivers
// that to the app's service worker (app/sw.ts) through the DevTools protocol, as the browser's push
// service would.

const card = (page: Page) => page.getByRole("region", { name: "Notifications", exact: true });
/** What the card says of this device (the settings' own "Loading…" is a status too). */
const deviceStatus = (page: Page) =>
  card(page)
    .getByRole("status")
    .filter({ hasText: /device/ });

let service: PushService;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service.stop();
});

/** The browser of a device that may show notifications, its pushManager standing in, on /me with the app's worker in control. */
async function pushReadyDevice(
  context: BrowserContext,
  page: Page,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await context.grantPermissions(["notifications"], { origin: testEnv.baseUrl });
  await context.addInitScript((sub) => {
    const KEY = "e2e-push-subscription";
    const made = () => ({
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, "1");
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
  await page.goto("/me/reminders");
  await untilWorkerControls(page);
}

/** The worker's registration id, for the DevTools protocol. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL === `${testEnv.baseUrl}/`);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  return { cdp, id: await found };
}

test.describe("a push on its way to the screen", () => {
  // The app's worker (docs/decisions/080), blocked in the other browser tests (playwright.config.ts).
  test.use({ serviceWorkers: "allow" });

  test("turns on notifications on this device, shows a private reply's push, and a click opens the entry", async ({
    signedIn: { page, user },
    db,
    context,
  }) => {
    // The worker's install (up to 25 s on a busy machine, untilWorkerControls) comes before a whole journey.
    test.setTimeout(60_000);
    const device = makeDevice();
    const endpoint = service.endpoint(201);
    await pushReadyDevice(context, page, { endpoint, keys: device.keys });
    const notifications = card(page);
    await expect(deviceStatus(page)).toHaveText("Notifications are off on this device.");
    // By keyboard.
    await notifications.getByRole("button", { name: "Turn on notifications on this device" }).focus();
    await page.keyboard.press("Enter");
    await expect(deviceStatus(page)).toHaveText("Notifications are on for this device.");
    await expect(notifications.getByRole("button", { name: "Turn off on this device" })).toBeVisible();
    await expect
      .poll(async () =>
        (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).map((s) => s.endpoint),
      )
      .toEqual([endpoint]);

    // A friend answers an entry: the server pushes it, the push service carries it to the worker.
    const { user: friend } = await createUser(db, { name: "Rhys Reader" });
    await befriend(db, user.id, friend.id);
    const entry = await createJournal(db, user.id, { visibility: "close-circle", journalDate: "2026-02-02" });
    const token = await createSession(db, friend.id);
    const sent = await fetch(`${testEnv.baseUrl}/api/journals/${entry.id}/replies`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Beautiful." }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => service.receivedAt(endpoint).length, { timeout: 20_000 }).toBe(1);
    const payload = decryptPush(service.receivedAt(endpoint)[0]!.body, device);
    expect(JSON.parse(payload)).toEqual({
      kind: "reply",
      title: "Rhys Reader sent you a private reply",
      url: `/replies/${entry.id}`,
    });

    const { cdp, id } = await registrationId(context, page);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: testEnv.baseUrl, registrationId: id, data: payload });
    // Chromium shows a notification once it has fetched its icon and badge (from our server, through
    // the worker), and may first have to start the worker again: past the default 7 s on a machine at
    // a load of 13 (failed once in CI, passed on retry), so the same wait as the push service's above.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              url: (n.data as { url: string }).url,
            })),
          ),
        { timeout: 20_000 },
      )
      .toEqual([{ title: "Rhys Reader sent you a private reply", url: `/replies/${entry.id}` }]);

    // The click, dispatched in the worker as the browser would: the open tab goes to the entry's replies.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [shown] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown! }));
    });
    await expect(page).toHaveURL(`${testEnv.baseUrl}/replies/${entry.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Private replies" })).toBeVisible();

    // Off again: the server forgets the device.
    await page.goto("/me/reminders");
    await card(page).getByRole("button", { name: "Turn off on this device" }).click();
    await expect(deviceStatus(page)).toHaveText("Notifications are off on this device.");
    await expect
      .poll(async () => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).length)
      .toBe(0);
  });

  test("a push opens only this site's pages, whatever its payload says", async ({ signedIn: { page }, context }) => {
    await pushReadyDevice(context, page, { endpoint: service.endpoint(201), keys: makeDevice().keys });
    const { cdp, id } = await registrationId(context, page);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: testEnv.baseUrl,
      registrationId: id,
      data: JSON.stringify({ kind: "reply", title: "Look", url: "https://evil.example/phish" }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => (n.data as { url: string }).url),
        ),
      )
      .toEqual(["/notifications"]);
  });
});

test("saves which kinds are pushed and how the reminder comes, by keyboard", async ({
  signedIn: { page, user },
  db,
}) => {
  await page.goto("/me/reminders");
  const notifications = card(page);
  const hearts = notifications.getByRole("switch", { name: /^Hearts/ });
  await expect(hearts).toBeChecked();
  await expect(notifications.getByRole("switch", { name: "On your devices" })).not.toBeChecked();
  await hearts.focus();
  await page.keyboard.press("Space");
  await notifications.getByRole("switch", { name: "On your devices" }).check();
  await notifications.getByRole("switch", { name: "By mail" }).uncheck();
  await notifications.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await expect
    .poll(async () => (await db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)))[0])
    .toMatchObject({ heartPush: false, replyPush: true, reminderEmail: false, reminderPush: true });
  await page.reload();
  await expect(card(page).getByRole("switch", { name: /^Hearts/ })).not.toBeChecked();
  await expect(card(page).getByRole("switch", { name: "On your devices" })).toBeChecked();
});

test("the Notifications card has no serious accessibility violations, light and dark", async ({
  signedIn: { page },
}, testInfo) => {
  test.slow(); // the page is judged in both schemes, one after the other
  await page.goto("/me/reminders");
  await expect(card(page).getByRole("button", { name: "Save notifications" })).toBeVisible();
  await noToasts(page);
  await inEachScheme(page, async (scheme) => {
    await expectNoA11yViolations(page, { include: NOTIFICATIONS_CARD, scheme });
    await card(page).screenshot({ path: testInfo.outputPath(`notifications-1280-${scheme}.png`) });
  });
});

test.describe("the Notifications card @phone", () => {
  test("fits a phone with no serious accessibility violations, light and dark", async ({
    signedIn: { page },
  }, testInfo) => {
    test.slow(); // the page is judged in both schemes, one after the other
    await page.goto("/me/reminders");
    const save = card(page).getByRole("button", { name: "Save notifications" });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await inEachScheme(page, async (scheme) => {
      await expectNoA11yViolations(page, { include: NOTIFICATIONS_CARD, scheme });
      await card(page).screenshot({ path: testInfo.outputPath(`notifications-375-${scheme}.png`) });
    });
  });
});
