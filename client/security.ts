import { queryOptions } from "@tanstack/react-query";
import type { SessionInfo } from "@/lib/contract/security";
import type { ApiAnswers } from "@/lib/api/endpoints";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { refusalOf } from "./refusals";

// The Security screen (docs/api.md "Auth", docs/decisions/070): where the person is signed in.

export type { SessionInfo } from "@/lib/contract/security";

export const securityKeys = { sessions: ["security", "sessions"] as const };

const LIST_FAILED = "Could not load where you are signed in";

export function sessionsQuery() {
  return queryOptions({
    queryKey: securityKeys.sessions,
    queryFn: async ({ signal }): Promise<SessionInfo[]> => {
      const res = await apiRequest(apiPath("GET /api/auth/sessions"), { signal }, LIST_FAILED);
      if (!res.ok) throw new ApiError(res.status, LIST_FAILED);
      return (await answerOf("GET /api/auth/sessions", res)).sessions;
    },
  });
}

/** Ends one session. */
export async function endSession(id: string): Promise<void> {
  const failure = "Could not sign that session out";
  const res = await apiFetch(apiPath("DELETE /api/auth/sessions/{id}", { id }), { method: "DELETE" }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
}

/** Ends every session but this one; how many went. */
export async function endOtherSessions(): Promise<number> {
  const failure = "Could not sign out the other sessions";
  const res = await apiFetch(apiPath("POST /api/auth/sessions/revoke-others"), { method: "POST" }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return (await answerOf("POST /api/auth/sessions/revoke-others", res)).ended;
}

/** "Chrome 131 on macOS 14", as far as the session's browser said. */
export function deviceName(s: Pick<SessionInfo, "browser" | "os">): string {
  if (s.browser && s.os) return `${s.browser} on ${s.os}`;
  return s.browser ?? s.os ?? "An unknown browser";
}

/** Changes the password; the other sessions end. How many went. A refused field comes back beside it (a Refusal's `fieldErrors`). */
export async function changePassword(fields: {
  currentPassword: string;
  newPassword: string;
  removePasskeys?: boolean;
}): Promise<number> {
  const failure = "Could not change the password";
  const res = await apiFetch(apiPath("POST /api/auth/change-password"), {
    method: "POST",
    body: JSON.stringify(fields),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return (await answerOf("POST /api/auth/change-password", res)).ended;
}

/** Asks to move the account to `newEmail`; a refused field comes back beside it. */
export async function requestEmailChange(fields: { newEmail: string; password: string }): Promise<void> {
  const failure = "Could not ask for the new address";
  const res = await apiFetch(apiPath("POST /api/auth/change-email"), {
    method: "POST",
    body: JSON.stringify(fields),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
}

/** Asks to delete the account (docs/decisions/075); every session ends, this one too. When it will happen. */
export async function deleteAccount(fields: { password?: string; code?: string }): Promise<string> {
  const failure = "Could not delete the account";
  const res = await apiFetch(apiPath("DELETE /api/myprofile"), {
    method: "DELETE",
    body: JSON.stringify(fields),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return (await answerOf("DELETE /api/myprofile", res)).deletionDueAt;
}

/** Keeps the account after all. */
export async function cancelAccountDeletion(): Promise<void> {
  const failure = "Could not cancel the deletion";
  const res = await apiFetch(apiPath("POST /api/myprofile/cancel-deletion"), { method: "POST" }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
}

export type TwoFactorSetup = ApiAnswers["POST /api/auth/2fa/setup"];

async function postSecurity(path: string, body: unknown, failure: string): Promise<Response> {
  const res = await apiFetch(path, {
    method: "POST",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return res;
}

/** A pending authenticator secret, its QR code and address (docs/decisions/073). */
export async function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return answerOf(
    "POST /api/auth/2fa/setup",
    await postSecurity(apiPath("POST /api/auth/2fa/setup"), undefined, "Could not start the setup"),
  );
}

/** Turns two-factor sign-in on with the password (none for a Google-only account) and a first code; the recovery codes, shown once. */
export async function enableTwoFactor(fields: { code: string; password?: string }): Promise<string[]> {
  return (
    await answerOf(
      "POST /api/auth/2fa/enable",
      await postSecurity(apiPath("POST /api/auth/2fa/enable"), fields, "Could not turn two-factor sign-in on"),
    )
  ).recoveryCodes;
}

/** Turns it off with the password (none for a Google-only account) and a code. */
export async function disableTwoFactor(fields: { password?: string; code: string }): Promise<void> {
  await postSecurity(apiPath("POST /api/auth/2fa/disable"), fields, "Could not turn two-factor sign-in off");
}
