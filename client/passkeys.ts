import { queryOptions } from "@tanstack/react-query";
import type { PasskeyInfo } from "@/lib/contract/security";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { PROMPT_CLOSED, passkeyCall as call, promptError } from "./passkey-prompts";
import { apiRequest } from "./query-client";

// Passkeys (docs/api.md "Auth", docs/decisions/079): the Security screen's list and changes; the
// browser's prompts and the sign-in are client/passkey-prompts.ts.

export type { PasskeyInfo } from "@/lib/contract/security";

export const passkeyKeys = { all: ["security", "passkeys"] as const };

const LIST_FAILED = "Could not load your passkeys";
export { PROMPT_CLOSED };

export function passkeysQuery() {
  return queryOptions({
    queryKey: passkeyKeys.all,
    queryFn: async ({ signal }): Promise<PasskeyInfo[]> => {
      const res = await apiRequest(apiPath("GET /api/auth/passkeys"), { signal }, LIST_FAILED);
      if (!res.ok) throw new ApiError(res.status, LIST_FAILED);
      return (await answerOf("GET /api/auth/passkeys", res)).passkeys;
    },
  });
}

/** What proves it is the person, not a session alone (docs/decisions/096): the password, and a code when two-factor sign-in is on. */
export type PasskeyProof = { password?: string; code?: string };

/** Makes a passkey on this device (the browser asks) and adds it to the account; a refused proof comes back beside its field. */
export async function addPasskey(proof: PasskeyProof): Promise<PasskeyInfo> {
  const failure = "Could not add the passkey";
  const options = await answerOf(
    "POST /api/auth/passkeys/options",
    await call(apiPath("POST /api/auth/passkeys/options"), { method: "POST", body: JSON.stringify(proof) }, failure),
  );
  const { startRegistration } = await import("@simplewebauthn/browser");
  // The PRF extension asked for at creation, so the passkey can also unlock a locked diary
  // (client/lock/actions.ts): a security key makes its secret for it only when asked then.
  const optionsJSON = { ...options, extensions: { ...(options as { extensions?: object }).extensions, prf: {} } };
  const response = await startRegistration({ optionsJSON: optionsJSON as never }).catch((err: unknown) => {
    throw promptError(err, failure);
  });
  return (
    await answerOf(
      "POST /api/auth/passkeys",
      await call(apiPath("POST /api/auth/passkeys"), { method: "POST", body: JSON.stringify({ response }) }, failure),
    )
  ).passkey;
}

export async function renamePasskey(id: string, fields: { name: string }): Promise<PasskeyInfo> {
  const res = await call(
    apiPath("PUT /api/auth/passkeys/{id}", { id }),
    { method: "PUT", body: JSON.stringify(fields) },
    "Could not rename the passkey",
  );
  return (await answerOf("PUT /api/auth/passkeys/{id}", res)).passkey;
}

export async function removePasskey(id: string): Promise<void> {
  await call(apiPath("DELETE /api/auth/passkeys/{id}", { id }), { method: "DELETE" }, "Could not remove the passkey");
}
