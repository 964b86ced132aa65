import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createSession, createUser, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { passwordResets } from "../../lib/db/schema";
import { hashToken, newToken } from "../../lib/auth/tokens";
import {
  CHANGE_PASSWORD_MAX_TRIES,
  NO_PASSWORD_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../lib/auth/password-change-limits";
import { login } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person } from "../support/friends";
import { api } from "../support/http";
import { waitForMail } from "../support/mailbox";
import { expectRefusedField } from "../support/refusals";

// Changing the password from the Security screen (docs/decisions/071, docs/api.md "Auth").

const NEW_PASSWORD = "a brand new passphrase";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const change = (token: string | undefined, body: unknown) =>
  api<{ message: string; ended: number }>("/api/auth/change-password", { token, body, headers: asNewClient() });
const signIn = (username: string, password: string) => login(username, password, { headers: asNewClient() });

describe("changing the password", () => {
  it("answers 401 without a session, whatever the body", async () => {
    expectError(await change(undefined, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD }), 401);
    expectError(await api("/api/auth/change-password", { rawBody: "{not json", headers: asNewClient() }), 401);
  });

  it("refuses a wrong current password, the same password and a short one, beside their fields, and changes nothing", async () => {
    const me = await person(db);
    const other = await createSession(db, me.user.id);
    expectRefusedField(
      await change(me.token, { currentPassword: "not my password", newPassword: NEW_PASSWORD }),
      "currentPassword",
      WRONG_PASSWORD_MESSAGE,
    );
    expectRefusedField(
      await change(me.token, { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD }),
      "newPassword",
      SAME_PASSWORD_MESSAGE,
    );
    expectRefusedField(
      await change(me.token, { currentPassword: DEFAULT_PASSWORD, newPassword: "short" }),
      "newPassword",
      "Password must be at least 8 characters",
    );
    expectRefusedField(
      await change(me.token, { currentPassword: "", newPassword: NEW_PASSWORD }),
      "currentPassword",
      "Current password is required",
    );
    expect((await signIn(me.user.username, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await api("/api/auth/me", { token: other })).status).toBe(200);
  });

  it("an account that signs in with Google has no password to change", async () => {
    const { user } = await createUser(db, { password: null });
    const token = await createSession(db, user.id);
    expectRefusedField(
      await change(token, { currentPassword: "anything at all", newPassword: NEW_PASSWORD }),
      "currentPassword",
      NO_PASSWORD_MESSAGE,
    );
  });

  it("changes it: the other sessions and open reset links end, this one goes on, and the address is told", async () => {
    const me = await person(db);
    const others = [await createSession(db, me.user.id), await createSession(db, me.user.id)];
    const resetToken = newToken();
    await db.insert(passwordResets).values({
      tokenHash: hashToken(resetToken),
      userId: me.user.id,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });

    expect((await change(me.token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).body).toEqual({
      message: "Password changed",
      ended: 2,
    });
    for (const token of others) expectError(await api("/api/auth/me", { token }), 401);
    expect((await api("/api/auth/me", { token: me.token })).status).toBe(200);
    expectError(await signIn(me.user.username, DEFAULT_PASSWORD), 401);
    expect((await signIn(me.user.username, NEW_PASSWORD)).status).toBe(200);
    expect(
      (await db.select().from(passwordResets).where(eq(passwordResets.userId, me.user.id)))[0]!.usedAt,
    ).not.toBeNull();
    expectError(
      await api(`/api/auth/reset-password/${resetToken}`, {
        body: { password: "yet another passphrase" },
        headers: asNewClient(),
      }),
      400,
    );
    const mail = await waitForMail(testEnv.mailDir, me.user.email);
    expect(mail.text).toContain(`The password of your Inkwell account @${me.user.username} was just changed`);
    expect(mail.text).toContain("/forgot-password");
    expect(mail.text).not.toContain(NEW_PASSWORD);
  });

  it(`counts ${CHANGE_PASSWORD_MAX_TRIES} tries per account before checking; then even the right password waits`, async () => {
    const [me, someoneElse] = [await person(db), await person(db)];
    for (let i = 0; i < CHANGE_PASSWORD_MAX_TRIES; i++) {
      expectRefusedField(
        await change(me.token, { currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD }),
        "currentPassword",
        WRONG_PASSWORD_MESSAGE,
      );
    }
    const over = await change(me.token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await signIn(me.user.username, DEFAULT_PASSWORD)).status).toBe(200);
    // Another account is not held back by it.
    expect(
      (await change(someoneElse.token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
  });
});
