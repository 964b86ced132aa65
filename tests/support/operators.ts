import { sql } from "drizzle-orm";
import { createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";

// The operator the test harness names in ADMIN_EMAILS (scripts/test.ts), for the tests of reports
// and of the operators' page (docs/decisions/068, 069).

export const OPERATOR_EMAIL = "operator@inkwell.test";

/** The operator's account (made once, verified) and a new session of theirs. */
export async function operatorSession(db: FactoryDb): Promise<string> {
  return createSession(db, await operatorId(db));
}

export async function operatorId(db: FactoryDb): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`select id from users where lower(email) = ${OPERATOR_EMAIL}`);
  if (rows[0]) return rows[0].id;
  try {
    return (await createUser(db, { email: OPERATOR_EMAIL, name: "Olive Operator" })).user.id;
  } catch {
    // Another test file made it at the same moment.
    const again = await db.execute<{ id: string }>(sql`select id from users where lower(email) = ${OPERATOR_EMAIL}`);
    return again.rows[0]!.id;
  }
}
