import type { QueryClient } from "@tanstack/react-query";
import type { Journal } from "@/lib/contract/answers";
import { DIARY_LOCKED_MESSAGE, LOCK_TURNING_OFF_MESSAGE, NOT_LOCKED_MESSAGE } from "@/lib/validation/lock-limits";
import { ApiError } from "../api-error";
import type { SaveRequest } from "../journals";
import type { SealedSave } from "./save";
import { deviceKeyQuery, lockKeys } from "./keys";
import { lockStateQuery } from "./state";

// The diary editor's questions to the lock (docs/diary-lock.md), loaded when a save may concern it
// (a private page, a locked one, or offline when ./keys.ts's knownLockConcern says so): the
// cryptography is imported only when a save needs sealing.

export const LOCKED_HERE_MESSAGE =
  "Your diary is locked on this device: unlock it to save a private page. Your words stay here.";
/** Offline, a private page of a diary locked on this device: it cannot be sealed here to wait in the outbox. */
export const LOCKED_HERE_OFFLINE_MESSAGE =
  "You are offline and your diary is locked on this device: your words stay here. Once you are online, unlock it to save this page.";
/** Offline, a locked page shared with the circle: making it readable waits for the server (`unseal`). */
export const SHARE_OFFLINE_MESSAGE =
  "A locked page is shared only online: your words stay here; share it again once you are online.";

/**
 * Offline, a private page of several photos written before the lock (docs/decisions/139): its
 * stored photos are read from the server to be sealed, which only an online save does.
 */
export const LOCKED_PHOTOS_OFFLINE_MESSAGE =
  "You are offline: this page's photos were added before your diary was locked, and are sealed only online. Your words and photos stay here; save again once you are online.";

/** Offline, a locked page while the lock is being turned off: made readable only online (`unseal`). */
export const TURNING_OFF_OFFLINE_MESSAGE =
  "Your diary lock is being turned off, and a locked page is opened only online: your words stay here; save again once you are online.";

/**
 * Whether the server refused a save because the lock changed meanwhile (in another tab or on
 * another device): a readable private page of a diary locked since, or a sealed one of a diary whose
 * lock is being turned off or is gone. Asked again, the save takes the form the lock has now.
 */
export const lockedMeanwhile = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  [DIARY_LOCKED_MESSAGE, LOCK_TURNING_OFF_MESSAGE, NOT_LOCKED_MESSAGE].includes(error.message);

/**
 * Offline, how a save waits in the outbox once the lock may concern it (./keys.ts's
 * knownLockConcern): the sealed page to keep, or null for the readable one; refused, with the words
 * kept, when it cannot wait: a locked page while the lock is being turned off or shared again (only
 * the server makes it readable), a private page of a diary locked on this device.
 */
export async function offlineSealing({
  queryClient,
  owner,
  req,
  entry,
}: {
  queryClient: QueryClient;
  owner: string;
  req: SaveRequest;
  entry: Journal | null;
}): Promise<SealedSave | null> {
  const state = queryClient.getQueryData(lockStateQuery().queryKey);
  // The lock is being turned off: nothing is sealed, and a locked page opens only online.
  if (state?.turningOff) {
    if (entry?.locked) throw new ApiError(0, TURNING_OFF_OFFLINE_MESSAGE);
    return null;
  }
  const mustSeal = req.fields.visibility === "private" || Boolean(entry?.locked);
  if (!mustSeal) return null;
  // A readable page of several sealed now: its stored photos are read from the server first.
  const sealedIds = new Set((entry?.locked ? (entry.sealed?.photos ?? []) : []).map((p) => p.id));
  const readableKept = req.photos
    ? req.photos.some((p) => !p.file && !(p.id && sealedIds.has(p.id)))
    : !entry?.locked && (entry?.photos.length ?? 0) > 1;
  if (readableKept) throw new ApiError(0, LOCKED_PHOTOS_OFFLINE_MESSAGE);
  if (req.fields.visibility !== "private") throw new ApiError(0, SHARE_OFFLINE_MESSAGE);
  const key = await queryClient.fetchQuery(deviceKeyQuery(owner));
  if (!key) throw new ApiError(423, LOCKED_HERE_OFFLINE_MESSAGE);
  const { readyPhotos, sealGallery, sealSave } = await import("./save");
  // A gallery (docs/decisions/139): each new photo sealed here, to be uploaded before the page.
  if (req.photos) {
    const save = { owner, key, req, entry };
    const { fields, photos } = await sealGallery(save, await readyPhotos(save, req.photos));
    return { fields, photo: null, photos };
  }
  return sealSave({ owner, key, req, entry });
}

/**
 * The form of a save in a locked diary (client/lock/save.ts), or undefined for the readable form:
 * a private page of a locked diary is sealed, a locked page shared again (or any, while the lock is
 * being turned off, docs/decisions/118) is unsealed. A device
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
  const state = () => queryClient.fetchQuery({ ...lockStateQuery(), staleTime: 60_000 });
  const locked = Boolean(entry?.locked);
  const lock = locked || req.fields.visibility === "private" ? await state() : null;
  if (!locked && !(lock?.locked && !lock.turningOff)) return undefined;
  // None known: asked again, as another tab may have unlocked the diary since this one last asked.
  const key =
    (await queryClient.fetchQuery(deviceKeyQuery(owner))) ??
    (await queryClient.fetchQuery({ ...deviceKeyQuery(owner), staleTime: 0 }));
  if (!key) throw new ApiError(423, LOCKED_HERE_MESSAGE);
  const { lockedSaveForm } = await import("./save");
  return lockedSaveForm({ owner, key, req, entry, turningOff: Boolean(lock?.turningOff) });
}
