import { createFriendRequest, createUser } from "../scripts/seed/factories";
import { expect, test } from "./fixtures";

// A busy machine hydrates late: the navigation's badge fetches the friend requests before the page
// under it hydrates, and the list must still hydrate as the server wrote it (the fixture fails any
// test on a hydration error). Chromium's CPU throttling stands in for the busy machine; on the old
// list, 10× gave React error #418 on every load.
test("/notifications hydrates as the server wrote it on a slow CPU, with the badge's fetch first", async ({
  signedIn: { page, user },
  db,
}) => {
  // Ten times slower in every script, on a machine that may be busy already: the waits are long, never fixed.
  test.setTimeout(180_000);
  const { user: sender } = await createUser(db, { name: "Sam Slowpoke" });
  await createFriendRequest(db, sender.id, user.id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 10 });
  for (let load = 0; load < 2; load++) {
    await page.goto("/notifications");
    await expect(page.getByRole("main").getByRole("button", { name: "Reject Sam Slowpoke" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
  }
});
