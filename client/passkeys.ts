import { queryOptions } from "@tanstack/react-query";
import type { PasskeyInfo } from "@/lib/contract/security";
import { answerOf, apiFetch } from "./api";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// Passkeys (docs/api.md "Auth", docs/decisions/079): the Security screen's list, and the browser's
// WebAuthn prompts through @simplewebauthn/browser, loaded only when a passkey is used.

export type { PasskeyInfo } from "@/lib/contract/security";

export const passkeyKeys = { all: ["security", "passkeys"] as const };

const LIST_FAILED = "Could not load your passkeys";
/** The browser's prompt was closed, timed out or refused: nothing went wrong on our side. */
export const PROMPT_CLOSED = "The passkey prompt was closed";

export function passkeysQuery() {
  return queryOptions({
    queryKey: passkeyKeys.all,
    queryFn: async ({ signal }): Promise<PasskeyInfo[]> => {
      const res = await apiRequest("/api/auth/passkeys", { signal }, LIST_FAILED);
      if (!res.ok) throw new ApiError(res.status, LIST_FAILED);
      return (await answerOf("GET /api/auth/passkeys", res)).passkeys;
    },
  });
}

async function call(path: string, init: Parameters<typeof apiFetch>[1], failure: string): Promise<Response> {
  const res = await apiFetch(path, init).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return res;
}

/** A WebAuthn prompt's refusal (NotAllowedError, AbortError) as the quiet PROMPT_CLOSED; anything else as `failure`. */
function promptError(err: unknown, failure: string): ApiError {
  const name = err instanceof Error ? ((err as { cause?: { name?: string } }).cause?.name ?? err.name) : "";
  return new ApiError(0, name === "NotAllowedError" || name === "AbortError" ? PROMPT_CLOSED : failure);
}

/** Makes a passkey on this device (the browser asks) and adds it to the account. */
export async function addPasskey(): Promise<PasskeyInfo> {
  const failure = "Could not add the passkey";
  const options = await answerOf("POST /api/auth/passkeys/options", await call("/api/auth/passkeys/options", { method: "POST" }, failure));
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({ optionsJSON: options as never }).catch((err: unknown) => {
    throw promptError(err, failure);
  });
  return (await answerOf("POST /api/auth/passkeys", await call("/api/auth/passkeys", { method: "POST", body: JSON.stringify({ response }) }, failure))).passkey;
}

export async function renamePasskey(id: string, fields: { name: string }): Promise<PasskeyInfo> {
  const res = await call(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "PUT", body: JSON.stringify(fields) }, "Could not rename the passkey");
  return (await answerOf("PUT /api/auth/passkeys/{id}", res)).passkey;
}

export async function removePasskey(id: string): Promise<void> {
  await call(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }, "Could not remove the passkey");
}

/** Signs in with any passkey the browser has for this site: the session token. */
export async function signInWithPasskey(): Promise<string> {
  const failure = "Could not sign in with a passkey";
  const options = await answerOf("POST /api/auth/passkey-login/options", await call("/api/auth/passkey-login/options", { method: "POST", token: null }, failure));
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({ optionsJSON: options as never }).catch((err: unknown) => {
    throw promptError(err, failure);
  });
  const res = await call("/api/auth/passkey-login", { method: "POST", token: null, body: JSON.stringify({ response }) }, failure);
  return (await answerOf("POST /api/auth/passkey-login", res)).token;
}
