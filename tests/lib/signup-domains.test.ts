import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../lib/auth/accounts";
import { ValidationError } from "../../lib/errors";
import { SIGNUP_EMAIL_DOMAIN_MESSAGE, signupDomainMessage } from "../../lib/validation/auth-limits";
import { connect, unique, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";

// The sign-up refusal follows SIGNUP_EMAIL_DOMAINS. With the default gmail.com it is
// docs/product.md §5's exact text; with other domains it names them. The form (components/auth/signup-form.tsx)
// gets the server's domains and shows the same sentence before any request.

describe("signupDomainMessage", () => {
  it.each([
    [undefined, SIGNUP_EMAIL_DOMAIN_MESSAGE],
    [["gmail.com"], "Please use a Gmail address (must end with @gmail.com)"],
    [["GMAIL.com"], SIGNUP_EMAIL_DOMAIN_MESSAGE],
    [["example.com"], "Please use an email address at example.com"],
    [["example.com", "example.org"], "Please use an email address at example.com or example.org"],
    [["gmail.com", "a.example", "b.example"], "Please use an email address at gmail.com, a.example or b.example"],
  ])("for %j says %j", (domains, message) => {
    expect(signupDomainMessage(domains)).toBe(message);
  });
});

describe("registerUser with SIGNUP_EMAIL_DOMAINS", () => {
  let db: FactoryDb;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = connect(testEnv.databaseUrl));
  });
  afterAll(() => close());

  const attempt = (email: string, allowedDomains: string[]) =>
    registerUser({
      db,
      input: { name: "Domains", username: unique("dom"), email, password: "domain-password-1" },
      allowedDomains,
      ip: "198.51.100.77",
      limitPerHour: 1_000,
    });

  it("refuses a Gmail address when only other domains are allowed, naming them", async () => {
    const refused = attempt(`${unique("dom")}@gmail.com`, ["example.com", "example.org"]);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow("Please use an email address at example.com or example.org");
  });

  it("keeps the product spec's exact message with the default domain", async () => {
    await expect(attempt(`${unique("dom")}@example.org`, ["gmail.com"])).rejects.toThrow(SIGNUP_EMAIL_DOMAIN_MESSAGE);
  });

  it("accepts an address at an allowed domain", async () => {
    const email = `${unique("dom")}@example.org`;
    await expect(attempt(email, ["example.com", "example.org"])).resolves.toBeTruthy();
  });
});
