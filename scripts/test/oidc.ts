import { OAuth2Server } from "oauth2-mock-server";

// A real OpenID provider on loopback standing in for Google (GOOGLE_ISSUER of the test instances).
// Who signs in is chosen per browser: a test sets IDENTITY_COOKIE on the provider's origin, and the
// provider puts that identity in the ID token, or refuses consent when `deny` is set.

export const IDENTITY_COOKIE = "inkwell_test_identity";
export const TEST_GOOGLE_CLIENT = { id: "inkwell-test-client", secret: "inkwell-test-secret" };

export interface TestIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
  deny?: boolean;
}

export function encodeIdentity(identity: TestIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString("base64url");
}

function identityFrom(cookieHeader: string | undefined): TestIdentity | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, value] = part.trim().split("=");
    if (name === IDENTITY_COOKIE && value)
      return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as TestIdentity;
  }
  return undefined;
}

export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map<string, TestIdentity>();
  server.service.on(
    "beforeAuthorizeRedirect",
    ({ url }: { url: URL }, req: { headers: Record<string, string | undefined> }) => {
      const identity = identityFrom(req.headers.cookie);
      const code = url.searchParams.get("code");
      if (!identity || !code) return;
      if (identity.deny) {
        url.searchParams.delete("code");
        url.searchParams.set("error", "access_denied");
        return;
      }
      byCode.set(code, identity);
    },
  );
  server.service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
      const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (!identity) return;
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        name: identity.name,
      });
    },
  );
  await server.start(0, "127.0.0.1");
  return { issuer: server.issuer.url!, stop: () => server.stop() };
}
