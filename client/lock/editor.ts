import type { QueryClient } from "@tanstack/react-query";
import type { Journal } from "@/lib/contract/answers";
import { LOCK_ON_MESSAGE } from "@/lib/validation/lock-limits";
import { ApiError } from "../api-error";
import type { SaveRequest } from "../journals";
import { deviceKeyQuery, lockKeys, lockStateQuery } from "./state";

// The diary editor's questions to the lock (docs/diary-lock.md), light: the lock's code is imported
// only when a save needs sealing.

export const LOCKED_HERE_MESSAGE =
  "Your diary is locked on this device: unlock it to save a private page. Your words stay here.";
export const LOCKED_OFFLINE_MESSAGE =
  "A page of a locked diary cannot wait offline yet: your words stay here; save again once you are online.";

/** Whether the server refused a readable private page because the diary was locked meanwhile (another tab). */
export const lockedMeanwhile = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === LOCK_ON_MESSAGE;

/**
 * Whether this tab already knows the diary is locked, without asking (for the offline path): the
 * page is locked, the server said so, or this device holds the diary's key.
 */
export function knownLocked(queryClient: QueryClient, owner: string, entry: Journal | null): boolean {
  return (
    Boolean(entry?.locked) ||
    Boolean(queryClient.getQueryData(lockStateQuery().queryKey)?.locked) ||
    Boolean(queryClient.getQueryData(deviceKeyQuery(owner).queryKey))
  );
}

/**
 * The form of a save in a locked diary (client/lock/save.ts), or undefined for the readable form:
 * a private page of a locked diary is sealed, a locked page shared again is unsealed. A device
 * without the key is refused (423) with the words kept. `fresh`: ask the server whether the diary is
 * locked rather than trust the last minute's answer.
 */
export async function lockedForm({
  queryClient,
  owner,
  req,
  entry,
  fresh = false,
}: {
  queryClient: QueryClient;
  owner: string;
  req: SaveRequest;
  entry: Journal | null;
  fresh?: boolean;
}): Promise<FormData | undefined> {
  if (fresh) await queryClient.invalidateQueries({ queryKey: lockKeys.state });
  const needed =
    Boolean(entry?.locked) ||
    (req.fields.visibility === "private" &&
      (await queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 60_000 })).locked);
  if (!needed) return undefined;
  const key = await queryClient.fetchQuery(deviceKeyQuery(owner));
  if (!key) throw new ApiError(423, LOCKED_HERE_MESSAGE);
  const { lockedSaveForm } = await import("./save");
  return lockedSaveForm({ owner, key, req, entry });
}
