import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ForbiddenError, UnauthorizedError, ValidationError } from "@/lib/errors";
import { checkCurrentPassword } from "./password-change";
import { RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN_MESSAGE } from "./step-up-limits";
import { checkSecondFactor, secondFactorOf } from "./two-factor";
import { INVALID_SESSION_MESSAGE } from "@/lib/auth/session-limits";
import { PASSWORD_REQUIRED_MESSAGE } from "@/lib/validation/auth-limits";
import { TWO_FACTOR_CODE_REQUIRED_MESSAGE } from "@/lib/validation/two-factor-limits";

// What takes more than the session that asks for it (docs/decisions/096): a new way in (a passkey,
// two-factor sign-in turned on) and leaving (docs/decisions/075). A stolen session alone must not
// leave something behind that outlives it. The password when the account has one; a sign-in of the
// last RECENT_SIGN_IN_MINUTES when it has none (Google only); and the second factor when it is on.

export interface Proof {
  password?: string;
  code?: string;
}

/**
 * Checks `proof` for the holder of session `sessionId`; throws the 400 beside the missing or wrong
 * field (password, then code), each try counted as the Security screen's other checks are, or a
 * 403 (`signInAgain`) for a Google-only account whose sign-in is older. Answers who the account is.
 */
export async function confirmItIsYou({
  db,
  userId,
  sessionId,
  proof,
  signInAgain = SIGN_IN_AGAIN_MESSAGE,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  proof: Proof;
  signInAgain?: string;
}): Promise<{ email: string; name: string; username: string }> {
  const { rows } = await db.execute<{
    hasPassword: boolean;
    recent: boolean;
    twoFactorOn: boolean;
    email: string;
    name: string;
    username: string;
  }>(sql`
    select u.password_hash is not null as "hasPassword", u.email, u.name, u.username,
      s.created_at > now() - make_interval(mins => ${RECENT_SIGN_IN_MINUTES}) as recent,
      exists (select 1 from two_factors t where t.user_id = u.id and t.enabled_at is not null) as "twoFactorOn"
    from users u join sessions s on s.user_id = u.id
    where u.id = ${userId}::uuid and s.id = ${sessionId}::uuid`);
  const account = rows[0];
  // The session was ended between its check and here: as if there had been none.
  if (!account) throw new UnauthorizedError(INVALID_SESSION_MESSAGE);
  if (!account.hasPassword && !account.recent) throw new ForbiddenError(signInAgain);
  if (account.hasPassword) {
    if (!proof.password)
      throw new ValidationError(PASSWORD_REQUIRED_MESSAGE, [{ path: "password", message: PASSWORD_REQUIRED_MESSAGE }]);
    await checkCurrentPassword({ db, userId, password: proof.password, field: "password", noPassword: signInAgain });
  }
  if (account.twoFactorOn) {
    if (!proof.code)
      throw new ValidationError(TWO_FACTOR_CODE_REQUIRED_MESSAGE, [
        { path: "code", message: TWO_FACTOR_CODE_REQUIRED_MESSAGE },
      ]);
    await checkSecondFactor({ db, userId, factor: secondFactorOf(proof.code), field: "code" });
  }
  return { email: account.email, name: account.name, username: account.username };
}
