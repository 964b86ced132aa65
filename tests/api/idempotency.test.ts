import { randomUUID } from "node:crypto";
import { coded } from "../support/refusals";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { idempotencyKeys, journals } from "../../lib/db/schema";
import { purgeOldIdempotencyKeys } from "../../lib/maintenance";
import {
  ENTRY_CHANGED_MESSAGE,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MESSAGE,
  IF_MATCH_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_RUNNING_MESSAGE,
  entryTag,
} from "../../lib/validation/idempotency-limits";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectLogClean, person } from "../support/friends";
import {
  entryFields,
  expectError,
  journalRows,
  send,
  toForm,
  utcDay,
  type FormValue,
  type JournalBody,
} from "../support/journals";

// Idempotency-Key on POST /api/journals and PUT /api/journals/{id}, and If-Match on the PUT
// (docs/decisions/081): a retry never writes twice, and an offline edit never overwrites a newer page.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Fields = Record<string, FormValue | undefined>;

function post(token: string | undefined, fields: Fields, headers: Record<string, string> = {}) {
  return send<JournalBody>("/api/journals", { token, form: toForm(fields), headers });
}
function put(token: string | undefined, id: string, fields: Fields, headers: Record<string, string> = {}) {
  return send<{ message: string; journal: JournalBody }>(`/api/journals/${id}`, {
    method: "PUT",
    token,
    form: toForm(fields),
    headers,
  });
}
const keyed = (key: string) => ({ "Idempotency-Key": key });
const keyRows = (userId: string) => db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

describe("Idempotency-Key on POST /api/journals", () => {
  it("answers a retry with the first answer and makes the entry once", async () => {
    const me = await person(db);
    const key = randomUUID();
    const fields = entryFields({ journaldate: utcDay(-1) });
    const first = await post(me.token, fields, keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(me.token, fields, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await journalRows(db, me.user.id)).toHaveLength(1);
    // Without a key the same request is the original API's: the day is taken.
    expectError(await post(me.token, fields), 409, "Journal entry already exists for this date");
  });

  it("refuses the same key with another request (422) and changes nothing", async () => {
    const me = await person(db);
    const key = randomUUID();
    expect((await post(me.token, entryFields({ journaldate: utcDay(-2) }), keyed(key))).status).toBe(201);
    expectError(
      await post(me.token, entryFields({ journaldate: utcDay(-3) }), keyed(key)),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    expectError(
      await post(me.token, entryFields({ journaldate: utcDay(-2), content: "Other words." }), keyed(key)),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    const rows = await journalRows(db, me.user.id);
    expect(rows.map((r) => r.journalDate)).toEqual([utcDay(-2)]);
  });

  it("keeps keys per person: another person's or a blocked person's same key is unrelated", async () => {
    const [writer, other, blocked] = [await person(db), await person(db), await person(db)];
    expect((await api(`/api/users/${blocked.user.id}/block`, { token: writer.token, body: {} })).status).toBe(200);
    const key = randomUUID();
    const day = utcDay(-4);
    const mine = await post(writer.token, entryFields({ journaldate: day, title: "Mine" }), keyed(key));
    expect(mine.status).toBe(201);
    for (const who of [other, blocked]) {
      const theirs = await post(who.token, entryFields({ journaldate: day, title: "Theirs" }), keyed(key));
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get("idempotent-replayed")).toBeNull();
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(theirs.body.title).toBe("Theirs");
    }
    // Even the very same request by another person is theirs, never the first person's answer.
    const same = await person(db);
    const copy = await post(same.token, entryFields({ journaldate: day, title: "Mine" }), keyed(key));
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(mine.body.id);
    expect(await journalRows(db, writer.user.id)).toHaveLength(1);
  });

  it("answers 401 without a session before the key or the body is read", async () => {
    expectError(await post(undefined, entryFields(), keyed("bad key with spaces")), 401);
    const res = await send("/api/journals", {
      raw: { body: "not multipart", contentType: "text/plain" },
      headers: keyed(randomUUID()),
    });
    expectError(res, 401);
    expectError(await put(undefined, randomUUID(), entryFields(), { ...keyed("x y"), "If-Match": "nonsense" }), 401);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(IDEMPOTENCY_KEY_MAX + 1)],
    ["a space", "two words"],
    ["a slash", "a/b"],
    ["a quote", 'say"what'],
  ])("refuses a malformed key (%s) with a 400 and writes nothing", async (_name, key) => {
    const me = await person(db);
    const res = await send<{ message: string; errors: unknown[] }>("/api/journals", {
      token: me.token,
      form: toForm(entryFields()),
      headers: keyed(key),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      coded({
        message: IDEMPOTENCY_KEY_MESSAGE,
        errors: [{ path: "Idempotency-Key", message: IDEMPOTENCY_KEY_MESSAGE }],
      }),
    );
    expect(await journalRows(db, me.user.id)).toEqual([]);
    expect(await keyRows(me.user.id)).toEqual([]);
  });

  it("takes the longest key allowed", async () => {
    const me = await person(db);
    const key = "k".repeat(IDEMPOTENCY_KEY_MAX);
    expect((await post(me.token, entryFields(), keyed(key))).status).toBe(201);
    expect((await post(me.token, entryFields(), keyed(key))).headers.get("idempotent-replayed")).toBe("true");
  });

  it("makes one entry when the same request races itself; the others are told the first still runs or get its answer", async () => {
    const me = await person(db);
    const key = randomUUID();
    const fields = entryFields({ journaldate: utcDay(-5) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(me.token, fields, keyed(key))));
    const rows = await journalRows(db, me.user.id);
    expect(rows).toHaveLength(1);
    // Each answer is the one entry (made or replayed) or "still running"; never a second entry or a 409 for the day.
    const seen = answers.map((a) =>
      a.status === 201 ? { status: 201, id: a.body.id } : { status: a.status, body: a.body },
    );
    const expected = answers.map((a) =>
      a.status === 201
        ? { status: 201, id: rows[0]!.id }
        : { status: 409, body: coded({ message: IDEMPOTENCY_KEY_RUNNING_MESSAGE }) },
    );
    expect(seen).toEqual(expected);
    expect(answers.some((a) => a.status === 201)).toBe(true);
  });

  it("answers 409 while the first request with the key is still running, and lets a retry take over a key abandoned for over a minute", async () => {
    const me = await person(db);
    const key = randomUUID();
    const fields = entryFields({ journaldate: utcDay(-6) });
    expect((await post(me.token, fields, keyed(key))).status).toBe(201);
    // As if the first request were still under way: no answer kept yet.
    await db
      .update(idempotencyKeys)
      .set({ status: null, body: null })
      .where(and(eq(idempotencyKeys.userId, me.user.id), eq(idempotencyKeys.key, key)));
    expectError(await post(me.token, fields, keyed(key)), 409, IDEMPOTENCY_KEY_RUNNING_MESSAGE);
    // A first request that died on the way: after a minute its key is taken over and the request runs again.
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(and(eq(idempotencyKeys.userId, me.user.id), eq(idempotencyKeys.key, key)));
    expectError(await post(me.token, fields, keyed(key)), 409, "Journal entry already exists for this date");
    expect(await journalRows(db, me.user.id)).toHaveLength(1);
  });

  it("keeps a definite refusal for a retry, but not a refusal of the input itself before the key is claimed", async () => {
    const me = await person(db);
    const day = utcDay(-7);
    expect((await post(me.token, entryFields({ journaldate: day }))).status).toBe(201);
    const key = randomUUID();
    expectError(
      await post(me.token, entryFields({ journaldate: day, title: "Offline" }), keyed(key)),
      409,
      "Journal entry already exists for this date",
    );
    const replay = await post(me.token, entryFields({ journaldate: day, title: "Offline" }), keyed(key));
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const invalid = randomUUID();
    expectError(await post(me.token, entryFields({ title: "" }), keyed(invalid)), 400);
    expect((await keyRows(me.user.id)).map((r) => r.key)).toEqual([key]);
  });

  it("is forgotten by housekeeping after 24 hours: the same key then makes a new request", async () => {
    const me = await person(db);
    const key = randomUUID();
    const created = await post(me.token, entryFields({ journaldate: utcDay(-8) }), keyed(key));
    expect(created.status).toBe(201);
    const fresh = randomUUID();
    expect((await post(me.token, entryFields({ journaldate: utcDay(-9) }), keyed(fresh))).status).toBe(201);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 second'` })
      .where(and(eq(idempotencyKeys.userId, me.user.id), eq(idempotencyKeys.key, key)));
    expect(await purgeOldIdempotencyKeys({ db, now: new Date() })).toBeGreaterThanOrEqual(1);
    expect((await keyRows(me.user.id)).map((r) => r.key)).toEqual([fresh]);
    expectError(
      await post(me.token, entryFields({ journaldate: utcDay(-8) }), keyed(key)),
      409,
      "Journal entry already exists for this date",
    );
  });
});

describe("Idempotency-Key after the entry is deleted", () => {
  it("keeps none of its words: a retry of its create or update is told it is gone, and makes nothing", async () => {
    const me = await person(db);
    const [createKey, updateKey] = [randomUUID(), randomUUID()];
    const fields = entryFields({ journaldate: utcDay(-10), content: "Words to forget." });
    const created = await post(me.token, fields, keyed(createKey));
    expect(created.status).toBe(201);
    expect(
      (await put(me.token, created.body.id, entryFields({ content: "Newer words to forget." }), keyed(updateKey)))
        .status,
    ).toBe(200);
    expect((await api(`/api/journals/${created.body.id}`, { method: "DELETE", token: me.token })).status).toBe(200);

    const kept = await keyRows(me.user.id);
    expect(kept.map((r) => [r.status, r.body])).toEqual(
      coded([
        [404, { message: "Journal not found" }],
        [404, { message: "Journal not found" }],
      ]),
    );
    expectError(await post(me.token, fields, keyed(createKey)), 404, "Journal not found");
    expectError(
      await put(me.token, created.body.id, entryFields({ content: "Newer words to forget." }), keyed(updateKey)),
      404,
      "Journal not found",
    );
    expect(await journalRows(db, me.user.id)).toEqual([]);
  });
});

describe("Idempotency-Key and If-Match on PUT /api/journals/{id}", () => {
  async function entry() {
    const me = await person(db);
    const res = await post(me.token, entryFields({ journaldate: utcDay(-1) }));
    expect(res.status).toBe(201);
    return { me, id: res.body.id, updatedAt: res.body.updatedAt as string };
  }

  it("saves with the entry's tag, and refuses a stale one with a 412 that changes nothing", async () => {
    const { me, id, updatedAt } = await entry();
    const saved = await put(me.token, id, entryFields({ content: "From this device." }), {
      "If-Match": entryTag(updatedAt),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.journal.content).toBe("From this device.");
    // An offline edit based on the first version: the entry changed since.
    expectError(
      await put(me.token, id, entryFields({ content: "From the old tab." }), { "If-Match": entryTag(updatedAt) }),
      412,
      ENTRY_CHANGED_MESSAGE,
    );
    const [row] = await db.select().from(journals).where(eq(journals.id, id));
    expect(row!.content).toBe("From this device.");
    expect(row!.updatedAt.toISOString()).toBe(saved.body.journal.updatedAt);
    // `*` asks nothing, as no header does.
    expect((await put(me.token, id, entryFields({ content: "Any version." }), { "If-Match": "*" })).status).toBe(200);
  });

  it.each([
    '"yesterday"',
    "2026-11-27T09:30:00.000Z",
    '"2026-11-27T09:30:00.000Z", "2026-11-27T09:31:00.000Z"',
    `"${"9".repeat(70)}"`,
    'W/"2026-11-27T09:30:00.000Z"',
  ])("refuses a malformed If-Match (%s) with a 400", async (value) => {
    const { me, id } = await entry();
    const res = await put(me.token, id, entryFields({ content: "Never saved." }), { "If-Match": value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: IF_MATCH_MESSAGE });
    const [row] = await db.select().from(journals).where(eq(journals.id, id));
    expect(row!.content).not.toBe("Never saved.");
  });

  it("answers a retried update with the first answer, even after the entry moved on", async () => {
    const { me, id, updatedAt } = await entry();
    const key = randomUUID();
    const headers = { ...keyed(key), "If-Match": entryTag(updatedAt) };
    const first = await put(me.token, id, entryFields({ content: "Sent once." }), headers);
    expect(first.status).toBe(200);
    // Its If-Match is stale now, yet the retry is the same request: the kept answer, not a 412.
    const again = await put(me.token, id, entryFields({ content: "Sent once." }), headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expectError(
      await put(me.token, id, entryFields({ content: "Sent twice?" }), headers),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    // The same key on another entry is another request too.
    const other = await post(me.token, entryFields({ journaldate: utcDay(-2) }));
    expectError(
      await put(me.token, other.body.id, entryFields({ content: "Sent once." }), keyed(key)),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
  });

  it("does not let another person's key or entry through: their PUT with my key on my entry is a 404", async () => {
    const { me, id } = await entry();
    const key = randomUUID();
    expect((await put(me.token, id, entryFields({ content: "Mine." }), keyed(key))).status).toBe(200);
    const other = await person(db);
    expectError(await put(other.token, id, entryFields({ content: "Mine." }), keyed(key)), 404, "Journal not found");
    const [row] = await db.select().from(journals).where(eq(journals.id, id));
    expect(row!.content).toBe("Mine.");
    expect(await keyRows(me.user.id)).toHaveLength(1);
  });
});
