import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { expect, vi } from "vitest";
import { page, userEvent, type Locator } from "vitest/browser";
import { render } from "vitest-browser-react";
import { lockKeys, type LockState } from "@/client/lock/state";
import { sessionKeys, type SessionMe } from "@/client/session";

// A card of /me rendered alone, in a locked diary's setting: the person and the lock as the page
// would have asked them already, the unlock dialog, and the files the card saves.

/**
 * The page's queries for `owner`, signed in as `person`, whose diary is locked (`lock` says
 * otherwise), with the key on this device or none: nothing is asked again while a test runs.
 */
export function lockedDiaryClient({
  owner,
  person = { name: "Alice", username: "alice" },
  lock = {},
  deviceKey,
}: {
  owner: string;
  person?: { name: string; username: string };
  lock?: Partial<LockState>;
  deviceKey: CryptoKey | null;
}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(sessionKeys.me, { id: owner, _id: owner, ...person } as SessionMe);
  const state: LockState = {
    locked: true,
    turningOff: false,
    since: "2026-03-01T00:00:00.000Z",
    changedAt: "2026-03-01T00:00:00.000Z",
    wraps: [],
    pages: { sealed: 2, toSeal: 0 },
    ...lock,
  };
  client.setQueryData(lockKeys.state, state);
  client.setQueryData(lockKeys.deviceKey(owner), deviceKey);
  return client;
}

/** `card` rendered with the page's queries. */
export const renderCard = (client: QueryClient, card: ReactNode) =>
  render(<QueryClientProvider client={client}>{card}</QueryClientProvider>);

/** On a device where the diary is locked: the card's "Unlock first…" shown, and `says`; the button is returned. */
export async function expectUnlockFirst(says: string): Promise<Locator> {
  const unlock = page.getByRole("button", { name: "Unlock first…" });
  await expect.element(unlock).toBeVisible();
  await expect.element(page.getByText(says)).toBeVisible();
  return unlock;
}

/**
 * "Unlock first…", from the keyboard: its dialog opens, Escape closes it, and the focus is back on
 * the button, which is returned.
 */
export async function expectUnlockDialog(unlock: Locator): Promise<HTMLButtonElement> {
  const button = unlock.element() as HTMLButtonElement;
  button.focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByRole("dialog", { name: "Unlock your diary" })).toBeVisible();
  await userEvent.keyboard("{Escape}");
  await expect.element(page.getByRole("dialog")).not.toBeInTheDocument();
  await expect.poll(() => document.activeElement).toBe(button);
  return button;
}

/** Files the page saved, caught at the link it clicks to save them (client/save-file.ts). */
export function catchSaves(): { href: string; name: string }[] {
  const saved: { href: string; name: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, name: this.download });
  });
  return saved;
}
