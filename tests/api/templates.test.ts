import { eq } from "drizzle-orm";
import { coded } from "../support/refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { blocks, templates } from "../../lib/db/schema";
import {
  TEMPLATE_CONTENT_TOO_LONG_MESSAGE,
  TEMPLATE_DELETED_MESSAGE,
  TEMPLATE_EMPTY_MESSAGE,
  NAME_NOT_ONE_LINE_MESSAGE,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_NAME_TAKEN_MESSAGE,
  TEMPLATE_NAME_TOO_LONG_MESSAGE,
  TEMPLATE_NOT_FOUND_MESSAGE,
  TEMPLATE_TITLE_TOO_LONG_MESSAGE,
  TEMPLATES_FULL_MESSAGE,
  TEMPLATES_MAX,
} from "../../lib/templates/limits";
import { AUTHENTICATION_REQUIRED } from "../../lib/errors";
import { testEnv } from "../support/env";
import { expectError, expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";

// A person's templates (docs/decisions/125-templates.md): theirs alone, bounded, and every bad input
// a 400 naming its field that changes nothing.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type Template = { id: string; name: string; title: string; content: string; createdAt: string; updatedAt: string };

const create = (who: Person | null, body: unknown) =>
  api<Template>("/api/templates", { method: "POST", token: who?.token, body });
const update = (who: Person | null, id: string, body: unknown) =>
  api<Template>(`/api/templates/${id}`, { method: "PUT", token: who?.token, body });
const remove = (who: Person | null, id: string) =>
  api<{ message: string }>(`/api/templates/${id}`, { method: "DELETE", token: who?.token });
const list = (who: Person | null) => api<{ templates: Template[] }>("/api/templates", { token: who?.token });
const rowsOf = (who: Person) => db.select().from(templates).where(eq(templates.userId, who.user.id));

describe("templates", () => {
  it("are kept, listed by name whatever the case, changed and deleted by their owner", async () => {
    const me = await person(db);
    const three = await create(me, {
      name: "  Three good things ",
      title: "Three good things",
      content: "1.\r\n2.\r\n3.",
    });
    expect(three.status).toBe(201);
    expect(three.body).toMatchObject({ name: "Three good things", title: "Three good things", content: "1.\n2.\n3." });
    // A title alone, or a text alone.
    expect((await create(me, { name: "gratitude", content: "Today I am grateful for" })).body).toMatchObject({
      title: "",
      content: "Today I am grateful for",
    });
    expect((await create(me, { name: "Anchor", title: "Where I was" })).status).toBe(201);
    expect((await list(me)).body.templates.map((t) => t.name)).toEqual(["Anchor", "gratitude", "Three good things"]);

    const changed = await update(me, three.body.id, { name: "Three things", title: "", content: "One. Two. Three." });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: three.body.id,
      name: "Three things",
      title: "",
      content: "One. Two. Three.",
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(three.body.updatedAt));

    expect(await remove(me, three.body.id)).toMatchObject({ status: 200, body: { message: TEMPLATE_DELETED_MESSAGE } });
    expectError(await remove(me, three.body.id), 404, TEMPLATE_NOT_FOUND_MESSAGE);
    expect((await list(me)).body.templates.map((t) => t.name)).toEqual(["Anchor", "gratitude"]);
  });

  it("refuses each bad field beside its name, and a name the person already has, changing nothing", async () => {
    const me = await person(db);
    const kept = await create(me, { name: "Morning", title: "Morning pages" });
    const cases: [unknown, string, string][] = [
      [{ title: "No name" }, "name", TEMPLATE_NAME_REQUIRED_MESSAGE],
      [{ name: "   ", title: "Blank name" }, "name", TEMPLATE_NAME_REQUIRED_MESSAGE],
      [{ name: "x".repeat(61), title: "Long name" }, "name", TEMPLATE_NAME_TOO_LONG_MESSAGE],
      [{ name: "two\nlines", title: "t" }, "name", NAME_NOT_ONE_LINE_MESSAGE],
      [{ name: "evil\u202eeman", title: "t" }, "name", NAME_NOT_ONE_LINE_MESSAGE],
      [{ name: "Long title", title: "t".repeat(101) }, "title", TEMPLATE_TITLE_TOO_LONG_MESSAGE],
      [{ name: "Long text", content: "w".repeat(901) }, "content", TEMPLATE_CONTENT_TOO_LONG_MESSAGE],
      [{ name: "Raw past the bound", content: "w".repeat(20_000) }, "content", TEMPLATE_CONTENT_TOO_LONG_MESSAGE],
      [{ name: "Empty", title: " ", content: "\n" }, "content", TEMPLATE_EMPTY_MESSAGE],
      [{ name: 7, title: "t" }, "name", "Name must be text"],
    ];
    for (const [body, path, message] of cases) {
      for (const res of [await create(me, body), await update(me, kept.body.id, body)]) {
        expectError(res, 400, message);
        expect((res.body as { errors?: unknown }).errors, JSON.stringify(body).slice(0, 80)).toContainEqual(
          coded({
            path,
            message,
          }),
        );
      }
    }
    // 900 characters of emoji families are 900 characters: kept.
    expect((await create(me, { name: "Families", content: "👨‍👩‍👧‍👦".repeat(900) })).status).toBe(201);
    // A name taken is a 409 beside the name.
    const taken = {
      status: 409,
      body: { message: TEMPLATE_NAME_TAKEN_MESSAGE, errors: [{ path: "name", message: TEMPLATE_NAME_TAKEN_MESSAGE }] },
    };
    expect(await create(me, { name: "MORNING", content: "Another" })).toMatchObject(taken);
    const other = await create(me, { name: "Evening", title: "Evening" });
    expect(await update(me, other.body.id, { name: "morning", title: "x" })).toMatchObject(taken);
    expect((await rowsOf(me)).map((r) => [r.name, r.title, r.content]).sort()).toEqual(
      [
        ["Evening", "Evening", ""],
        ["Families", "", "👨‍👩‍👧‍👦".repeat(900)],
        ["Morning", "Morning pages", ""],
      ].sort(),
    );
  });

  it(`keeps at most ${TEMPLATES_MAX} a person, also when they are sent at once`, async () => {
    const me = await person(db);
    const answers = await Promise.all(
      Array.from({ length: TEMPLATES_MAX + 5 }, (_, i) => create(me, { name: `Template ${i}`, title: `Title ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(TEMPLATES_MAX);
    for (const refused of answers.filter((a) => a.status !== 201)) expectError(refused, 409, TEMPLATES_FULL_MESSAGE);
    expect(await rowsOf(me)).toHaveLength(TEMPLATES_MAX);
    // Another person's count is their own.
    expect((await create(await person(db), { name: "Mine", title: "Mine" })).status).toBe(201);
  });

  it("are nobody else's: not a friend's, not a blocked person's, not an unproven account's, not without a session", async () => {
    const me = await person(db);
    const friend = await person(db);
    const blocked = await person(db);
    const unproven = await person(db, { emailVerifiedAt: null });
    await befriend(db, me.user.id, friend.user.id);
    await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked.user.id });
    const mine = await create(me, { name: "Secret shape", title: "Only mine", content: "Words I start from" });
    for (const other of [friend, blocked, unproven]) {
      expect((await list(other)).body.templates).toEqual([]);
      expectError(await update(other, mine.body.id, { name: "Taken", title: "x" }), 404, TEMPLATE_NOT_FOUND_MESSAGE);
      expectError(await remove(other, mine.body.id), 404, TEMPLATE_NOT_FOUND_MESSAGE);
    }
    // An unproven account keeps its own, as it writes its own pages.
    expect((await create(unproven, { name: "Secret shape", title: "Theirs" })).status).toBe(201);
    for (const res of [
      await list(null),
      await create(null, { name: "x", title: "x" }),
      await update(null, mine.body.id, { name: "x", title: "x" }),
      await remove(null, mine.body.id),
    ])
      expectError(res, 401, AUTHENTICATION_REQUIRED);
    expectError(await update(me, "not-a-uuid", { name: "x", title: "x" }), 404, TEMPLATE_NOT_FOUND_MESSAGE);
    expectError(await remove(me, "00000000-0000-0000-0000-000000000000"), 404, TEMPLATE_NOT_FOUND_MESSAGE);
    expect((await rowsOf(me)).map((r) => [r.name, r.title, r.content])).toEqual([
      ["Secret shape", "Only mine", "Words I start from"],
    ]);
  });
});
