import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { refusalOf } from "./refusals";

// The browser's WebAuthn prompts (docs/decisions/079) through @simplewebauthn/browser, loaded only
// when a passkey is used. Apart from the Security screen's list (client/passkeys.ts), so the
// sign-in screens' Passkey button brings no query cache into their first load (docs/performance.md,
// "First-load JavaScript").

export const PASSKEY_LOGIN_FAILED = "Could not sign in with a passkey";

/** The browser's prompt was closed, timed out or refused: nothing went wrong on our side. */
export const PROMPT_CLOSED = "The passkey prompt was closed";

export async function passkeyCall(
  path: string,
  init: Parameters<typeof apiFetch>[1],
  failure: string,
): Promise<Response> {
  const res = await apiFetch(path, init).catch(() => {
    throw new ApiError(0, failure);
  });
  if (!res.ok) throw await refusalOf(res, failure);
  return res;
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[\da-f:.]+\])$/i;

/**
 * Why the browser refused a passkey for this address (its SecurityError): WebAuthn names the site
 * by a host name, never an IP address, and only the one Inkwell was set up for (APP_URL,
 * docs/decisions/079, 098).
 */
function passkeyAddressRefused(hostname: string): string {
  return IP_ADDRESS.test(hostname)
    ? `Passkeys need a host name such as localhost or a domain: the browser refuses them at an IP address (${hostname}). Open Inkwell at its host name and try again.`
    : `The browser refused a passkey at this address (${hostname}). Open Inkwell at the address it was set up with and try again.`;
}

/**
 * A WebAuthn prompt's refusal (NotAllowedError, AbortError) as the quiet PROMPT_CLOSED; a
 * SecurityError (the page's address cannot have passkeys) as why; anything else as `failure`.
 * `hostname`: the page's (an IPv6 address in brackets).
 */
export function promptError(err: unknown, failure: string, hostname = location.hostname): ApiError {
  const name = err instanceof Error ? ((err as { cause?: { name?: string } }).cause?.name ?? err.name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return new ApiError(0, PROMPT_CLOSED);
  return new ApiError(0, name === "SecurityError" ? passkeyAddressRefused(hostname) : failure);
}

/** Signs in with any passkey the browser has for this site: the session token. */
export async function signInWithPasskey(): Promise<string> {
  const failure = PASSKEY_LOGIN_FAILED;
  const options = await answerOf(
    "POST /api/auth/passkey-login/options",
    await passkeyCall(apiPath("POST /api/auth/passkey-login/options"), { method: "POST", token: null }, failure),
  );
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({ optionsJSON: options as never }).catch((err: unknown) => {
    throw promptError(err, failure);
  });
  const res = await passkeyCall(
    apiPath("POST /api/auth/passkey-login"),
    { method: "POST", token: null, body: JSON.stringify({ response }) },
    failure,
  );
  return (await answerOf("POST /api/auth/passkey-login", res)).token;
}
