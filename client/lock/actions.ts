import type { Journal } from "@/lib/contract/answers";
import { excerptOf } from "@/lib/journals/search-text";
import type { LockState } from "@/lib/contract/lock";
import { answerOf, apiFetch } from "../api";
import { apiPath } from "../api-path";
import { ApiError } from "../api-error";
import { refusalOf } from "../refusals";
import { base64urlnopad } from "@scure/base";
import {
  formatRecoveryKey,
  itemKey,
  LockError,
  lockVerifier,
  newDiarySecret,
  newRecoveryKey,
  parseRecoveryKey,
  unwrapWithKeyMaterial,
  unwrapWithPassphrase,
  wrapWithKeyMaterial,
  wrapWithPassphrase,
  type LockFailure,
} from "./crypto";
import { acceptRevision, KeyStoreUnavailableError, saveItemKey } from "./key-store";
import { sealExistingPages, type SealRun } from "./migrate";
import { openDeviceWords, openLockedPages, type OpenRun } from "./turn-off";
import {
  openMorePhotoDescriptions,
  openPage,
  openSealedPhoto,
  sealedPhotoList,
  type PageWords,
  type SealedPhotoOfPage,
} from "./pages";

// What the lock's screens do (docs/diary-lock.md), with its cryptography: imported only when a
// person turns the lock on, unlocks, or opens or writes a locked page (./state.ts is the light part).

export { LockError, type OpenRun, type SealRun };
export type { LockState };

/** What a person reads when something of the lock did not work; the reason is LockError's. */
export const LOCK_FAILURE_TEXT: Record<LockFailure, string> = {
  "wrong-key": "That does not unlock this diary. Check it and try again.",
  typo: "That recovery key has a typo: check each group of five characters.",
  damaged: "This page could not be opened: what the server sent is damaged or belongs elsewhere.",
  "unknown-version": "This page was locked by a newer Inkwell: reload the page to get the newest version.",
};

/** Keeps the unlocked key on this device; a browser that cannot keep it holds it for the tab only. */
async function keep(owner: string, key: CryptoKey): Promise<"device" | "tab"> {
  try {
    await saveItemKey(owner, key);
    return "device";
  } catch (error) {
    if (error instanceof KeyStoreUnavailableError) return "tab";
    throw error;
  }
}

function wrapOf(state: LockState, kind: "passphrase" | "recovery") {
  const wrap = state.wraps.find((w) => w.kind === kind);
  if (!wrap) throw new LockError("damaged", `The lock has no ${kind} wrapping`);
  return wrap;
}

/** Unlocks with the passphrase: the item key, and where it is kept. A wrong one is LockError("wrong-key"). */
export async function unlockWithPassphrase(owner: string, state: LockState, passphrase: string) {
  const secret = await unwrapWithPassphrase(wrapOf(state, "passphrase"), passphrase, owner);
  const key = await itemKey(secret);
  return { key, kept: await keep(owner, key) };
}

/** Unlocks with the recovery key as typed: a typo is LockError("typo"), another key's "wrong-key". */
export async function unlockWithRecoveryKey(owner: string, state: LockState, typed: string) {
  const material = await parseRecoveryKey(typed);
  const secret = await unwrapWithKeyMaterial(wrapOf(state, "recovery"), material, owner);
  const key = await itemKey(secret);
  return { key, kept: await keep(owner, key) };
}

// ---------------------------------------------------------------------------------------------
// Passkeys (docs/decisions/114): a passkey's PRF output, for this diary, wraps the secret. The
// browser asks the authenticator directly; the server takes no part but storing the wrapping.

/** Why a passkey did not unlock or could not be added; its message is for the screen. */
export class PasskeyUnlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PasskeyUnlockError";
  }
}

export const NO_PASSKEYS_MESSAGE = "This browser cannot use passkeys.";
export const NO_PRF_MESSAGE =
  "This passkey cannot unlock a diary: its device does not offer what it needs (the PRF extension). Use your passphrase, or a passkey on another device.";
export const PASSKEY_CLOSED_MESSAGE = "The passkey prompt was closed: nothing changed.";
export const NOT_A_LOCK_PASSKEY_MESSAGE =
  "That passkey does not unlock this diary: add it on the Security screen of a device where the diary is unlocked.";
export const PASSKEY_ALREADY_MESSAGE = "That passkey already unlocks your diary.";

const encoder = new TextEncoder();

/** What the authenticator is asked to derive for this diary: the same for every passkey of the owner. */
async function prfSalt(owner: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`inkwell/lock/prf/v1\n${owner}`)));
}

/** One of `allow` (any of the person's passkeys when empty) and its PRF output for this diary. */
async function passkeyPrf(owner: string, allow: readonly string[]): Promise<{ id: string; material: Uint8Array }> {
  if (typeof PublicKeyCredential === "undefined" || !navigator.credentials)
    throw new PasskeyUnlockError(NO_PASSKEYS_MESSAGE);
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        allowCredentials: allow.map((id) => ({
          type: "public-key" as const,
          id: base64urlnopad.decode(id) as BufferSource,
        })),
        userVerification: "required",
        extensions: { prf: { eval: { first: (await prfSalt(owner)) as BufferSource } } },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError"))
      throw new PasskeyUnlockError(PASSKEY_CLOSED_MESSAGE);
    throw error;
  }
  const first = credential?.getClientExtensionResults().prf?.results?.first;
  if (!credential || !first) throw new PasskeyUnlockError(NO_PRF_MESSAGE);
  const material = new Uint8Array(first instanceof ArrayBuffer ? first : (first as ArrayBufferView).buffer);
  return { id: base64urlnopad.encode(new Uint8Array(credential.rawId)), material };
}

/** Unlocks with one of the passkeys the lock names; the item key, and where it is kept. */
export async function unlockWithPasskey(owner: string, state: LockState) {
  const wraps = state.wraps.filter((w) => w.kind === "passkey");
  if (!wraps.length) throw new PasskeyUnlockError(NOT_A_LOCK_PASSKEY_MESSAGE);
  const { id, material } = await passkeyPrf(
    owner,
    wraps.map((w) => w.id),
  );
  const wrap = wraps.find((w) => w.id === id);
  if (!wrap) throw new PasskeyUnlockError(NOT_A_LOCK_PASSKEY_MESSAGE);
  const key = await itemKey(await unwrapWithKeyMaterial(wrap, material, owner));
  return { key, kept: await keep(owner, key) };
}

/**
 * Lets one of the person's passkeys unlock the diary too (PUT /api/lock/wraps): the secret comes
 * from the passphrase (this device keeps only the item key), the passkey's PRF output wraps it, and
 * the verifier proves the browser holds it. No page is sealed again. A wrong passphrase is a
 * LockError("wrong-key").
 */
export async function addPasskeyUnlock(owner: string, state: LockState, passphrase: string): Promise<LockState> {
  const secret = await secretFromPassphrase(owner, state, passphrase);
  const { id, material } = await passkeyPrf(owner, []);
  if (state.wraps.some((w) => w.kind === "passkey" && w.id === id))
    throw new PasskeyUnlockError(PASSKEY_ALREADY_MESSAGE);
  const wrap = await wrapWithKeyMaterial(secret, material, owner, "passkey", id);
  return replaceWraps(secret, [...state.wraps, wrap], "Could not add the passkey to your diary lock");
}

// ---------------------------------------------------------------------------------------------
// Changing the ways to unlock: none seals a page again.

/** The diary secret from the passphrase: what a new wrapping needs (an unlocked device keeps only the item key). */
export function secretFromPassphrase(owner: string, state: LockState, passphrase: string): Promise<Uint8Array> {
  return unwrapWithPassphrase(wrapOf(state, "passphrase"), passphrase, owner);
}

/** Replaces every wrapping (PUT /api/lock/wraps), the verifier proving this browser holds the secret. */
async function replaceWraps(secret: Uint8Array, wraps: LockState["wraps"], failure: string): Promise<LockState> {
  const res = await apiFetch(apiPath("PUT /api/lock/wraps"), {
    method: "PUT",
    body: JSON.stringify({ verifier: await lockVerifier(secret), wraps }),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return answerOf("PUT /api/lock/wraps", res);
}

/** A new passphrase: the current one opens the secret, the new one wraps it instead. */
export async function changePassphrase(owner: string, state: LockState, current: string, next: string) {
  const secret = await secretFromPassphrase(owner, state, current);
  const wrap = await wrapWithPassphrase(secret, next, owner);
  return replaceWraps(
    secret,
    state.wraps.map((w) => (w.kind === "passphrase" ? wrap : w)),
    "Could not change the passphrase",
  );
}

/** A new recovery key for the secret, shown before anything is sent (as at turning on). */
export async function newRecoveryFor(secret: Uint8Array): Promise<NewLock> {
  const recovery = newRecoveryKey();
  return { secret, recovery, recoveryText: await formatRecoveryKey(recovery) };
}

/** The new recovery key replaces the old, which stops working. */
export async function replaceRecoveryKey(owner: string, state: LockState, lock: NewLock): Promise<LockState> {
  const wrap = await wrapWithKeyMaterial(lock.secret, lock.recovery, owner, "recovery", "recovery");
  return replaceWraps(
    lock.secret,
    state.wraps.map((w) => (w.kind === "recovery" ? wrap : w)),
    "Could not make a new recovery key",
  );
}

/** A lock about to be turned on: its secret and recovery key, in this tab's memory only until it is sent. */
export interface NewLock {
  secret: Uint8Array;
  recovery: Uint8Array;
  /** The recovery key as shown and printed (Crockford base32 in groups of five). */
  recoveryText: string;
}

export async function newLock(): Promise<NewLock> {
  const recovery = newRecoveryKey();
  return { secret: newDiarySecret(), recovery, recoveryText: await formatRecoveryKey(recovery) };
}

/**
 * Turns the lock on (POST /api/lock): wraps the secret by the passphrase and the recovery key, proves
 * the person with their password (and code), and keeps the item key on this device. A refused field
 * comes back beside it (a Refusal).
 */
export async function turnOnLock({
  owner,
  lock,
  passphrase,
  password,
  code,
}: {
  owner: string;
  lock: NewLock;
  passphrase: string;
  password?: string;
  code?: string;
}): Promise<{ state: LockState; key: CryptoKey; kept: "device" | "tab" }> {
  const failure = "Could not lock your diary";
  const [verifier, passphraseWrap, recoveryWrap] = await Promise.all([
    lockVerifier(lock.secret),
    wrapWithPassphrase(lock.secret, passphrase, owner),
    wrapWithKeyMaterial(lock.secret, lock.recovery, owner, "recovery", "recovery"),
  ]);
  const res = await apiFetch(apiPath("POST /api/lock"), {
    method: "POST",
    body: JSON.stringify({
      ...(password ? { password } : {}),
      ...(code ? { code } : {}),
      verifier,
      wraps: [passphraseWrap, recoveryWrap],
    }),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  const state = await answerOf("POST /api/lock", res);
  const key = await itemKey(lock.secret);
  return { state, key, kept: await keep(owner, key) };
}

/** Seals the pages written before the lock, with progress; resumable (client/lock/migrate.ts). */
export function sealPagesWrittenBefore(
  owner: string,
  key: CryptoKey,
  onProgress: (run: SealRun) => void,
  signal: AbortSignal,
): Promise<SealRun> {
  return sealExistingPages({ key, owner, ask: (path, init) => apiFetch(path, init), onProgress, signal });
}

const PHOTO_NOT_LOADED = "Could not load this page's photo";

/** A locked page as this device shows it. */
export type OpenedPage =
  { status: "open"; journal: Journal } | { status: "damaged"; reason: LockFailure; message: string };

/** One of a locked page's photos opened with its words (openLockedPage), the cover first. */
export interface OpenedLockedPhoto {
  /** Its bytes, opened; null when its file is gone from storage (its URL answered 404). */
  bytes: Uint8Array | null;
  /** The revision it was sealed for. */
  revision: number;
  /** Its id on the page; null from an answer before the list (docs/decisions/139). */
  id: string | null;
  /** Its description, opened (the cover's is the page's `imageDescription`). */
  description: string | null;
}

/** A locked page's words and photos, opened for what is written elsewhere: the export, the PDF. */
export interface OpenedLockedPage extends PageWords {
  photos: OpenedLockedPhoto[];
}

/**
 * Opens a locked page's words, checks that it is not older than a revision this device has seen (a
 * replay), and opens every photo and description (docs/decisions/139). A field that does not open
 * for its place is a LockError; a photo whose file is gone is null (`bytes`), any other failure
 * to fetch one an ApiError.
 */
export async function openLockedPage(owner: string, key: CryptoKey, journal: Journal): Promise<OpenedLockedPage> {
  const words = await openPage({ key, owner, journal });
  if (words.revision !== null && !(await notOlderThanSeen(owner, journal.journaldate, words.revision)))
    throw new LockError("damaged", "An older revision of a page than this device has seen");
  const sealedPhotos = sealedPhotoList(journal);
  const [opened, more] = await Promise.all([
    Promise.all(sealedPhotos.map((p) => openedPhoto(owner, key, journal.journaldate, p))),
    sealedPhotos.length > 1 ? openMorePhotoDescriptions({ key, owner, journal }) : [],
  ]);
  return {
    title: words.title,
    content: words.content,
    imageDescription: words.imageDescription,
    photos: sealedPhotos.map((p, i) => ({
      bytes: opened[i]!,
      revision: p.revision,
      id: p.id,
      description: i === 0 ? words.imageDescription : more[i - 1]!,
    })),
  };
}

/**
 * Opens a locked page with the device's key: its words in `title`, `content` and `imageDescription`,
 * its photos (opened too) as object URLs in `images`, and, with several (docs/decisions/139), each
 * one's id and opened description in `photos`. A page any field of which does not open for its
 * place, or that is older than a revision this device has seen (a replay), is "damaged"; a photo
 * that cannot be fetched is an ApiError.
 */
export async function openJournal(owner: string, key: CryptoKey, journal: Journal): Promise<OpenedPage> {
  try {
    const page = await openLockedPage(owner, key, journal);
    const missing = page.photos.some((p) => !p.bytes);
    if (missing) throw new ApiError(404, PHOTO_NOT_LOADED);
    // Every photo opened before any is shown: one that does not open leaves no object URL behind.
    const images = page.photos.length
      ? page.photos.map((p) => URL.createObjectURL(new Blob([p.bytes as BlobPart])))
      : journal.images;
    // Listed with their ids (the editor's gallery keeps them by id), unless an older answer gave none.
    const listed = page.photos.length > 0 && page.photos.every((p) => p.id !== null);
    const photos = listed ? page.photos.map((p) => ({ id: p.id!, description: p.description })) : journal.photos;
    return {
      status: "open",
      journal: {
        ...journal,
        title: page.title,
        content: page.content,
        imageDescription: page.imageDescription,
        images,
        photos,
      },
    };
  } catch (error) {
    if (error instanceof LockError)
      return { status: "damaged", reason: error.reason, message: LOCK_FAILURE_TEXT[error.reason] };
    throw error;
  }
}

/**
 * A locked page's title and first lines, for the List (no photo, no revision remembered): null when
 * they do not open for their place, which the list shows as the placeholder.
 */
export async function openListWords(owner: string, key: CryptoKey, journal: Journal) {
  try {
    const words = await openPage({ key, owner, journal });
    return { title: words.title, excerpt: excerptOf(words.content) };
  } catch (error) {
    if (error instanceof LockError) return null;
    throw error;
  }
}

/**
 * An earlier version of a locked page (docs/decisions/127), opened for its History: older than the
 * page by nature, so no revision is remembered or refused. Its words only (its photo stays sealed);
 * null when they do not open for their place.
 */
export async function openVersionWords(
  owner: string,
  key: CryptoKey,
  version: Pick<Journal, "title" | "content" | "imageDescription" | "journaldate" | "sealed">,
) {
  try {
    const words = await openPage({ key, owner, journal: version });
    return { title: words.title, content: words.content };
  } catch (error) {
    if (error instanceof LockError) return null;
    throw error;
  }
}

/** A browser that cannot keep anything (storage off) cannot remember revisions either: it takes the page. */
async function notOlderThanSeen(owner: string, day: string, revision: number): Promise<boolean> {
  try {
    return await acceptRevision(owner, day, revision);
  } catch (error) {
    if (error instanceof KeyStoreUnavailableError) return true;
    throw error;
  }
}

/**
 * One of a locked page's photos, opened; null when its file is gone (404). Shown as an object URL
 * (openJournal), it lives as long as the opened page in the query cache:
 * components/lock/use-locked-entry.ts lets it go when the cache drops the page, and Lock now when
 * it drops them all.
 */
async function openedPhoto(
  owner: string,
  key: CryptoKey,
  day: string,
  photo: SealedPhotoOfPage,
): Promise<Uint8Array | null> {
  const res = await fetch(photo.image, { credentials: "same-origin" });
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, PHOTO_NOT_LOADED);
  return openSealedPhoto({ key, owner, day, revision: photo.revision, bytes: new Uint8Array(await res.arrayBuffer()) });
}

// ---------------------------------------------------------------------------------------------
// Turning the lock off (docs/decisions/118): begun with the passphrase (its verifier) and the
// person's password; every locked page is then opened here and written back readable; once none
// is left sealed, the server removes the lock.

/**
 * Begins turning the lock off (POST /api/lock/off): the passphrase gives the secret, whose verifier
 * and the password (and code) the server asks; the item key opens the pages and stays on this
 * device until the lock is gone. A wrong passphrase is a LockError("wrong-key"); a refused password
 * or code comes back beside its field (a Refusal).
 */
export async function beginTurningOff({
  owner,
  state,
  passphrase,
  password,
  code,
}: {
  owner: string;
  state: LockState;
  passphrase: string;
  password?: string;
  code?: string;
}): Promise<{ state: LockState; key: CryptoKey }> {
  const secret = await secretFromPassphrase(owner, state, passphrase);
  const key = await itemKey(secret);
  await keep(owner, key);
  const next = await askTurnOff(
    { ...(password ? { password } : {}), ...(code ? { code } : {}), verifier: await lockVerifier(secret) },
    "Could not turn the lock off",
  );
  return { state: next, key };
}

/**
 * Asks the server to finish: the lock is removed once no page is sealed (`locked: false`). This
 * device's sealed drafts and waiting pages are opened first, while the key is still here.
 */
export async function finishTurningOff(owner: string, key: CryptoKey): Promise<LockState> {
  await openDeviceWords(owner, key);
  return askTurnOff({}, "Could not finish turning the lock off");
}

async function askTurnOff(body: Record<string, string>, failure: string): Promise<LockState> {
  const res = await apiFetch(apiPath("POST /api/lock/off"), { method: "POST", body: JSON.stringify(body) }).catch(
    () => {
      throw new ApiError(0, failure);
    },
  );
  if (!res.ok) throw await refusalOf(res, failure);
  return answerOf("POST /api/lock/off", res);
}

/** Opens every locked page and writes it back readable, with progress; resumable (client/lock/turn-off.ts). */
export function openPagesToTurnOff(
  owner: string,
  key: CryptoKey,
  onProgress: (run: OpenRun) => void,
  signal: AbortSignal,
): Promise<OpenRun> {
  return openLockedPages({ key, owner, ask: (path, init) => apiFetch(path, init), onProgress, signal });
}
