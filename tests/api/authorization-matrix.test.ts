import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, createSession, type FactoryDb } from "../../scripts/seed/factories";
import { blocks, exports, imports, mutes, pushSubscriptions, replies, reports } from "../../lib/db/schema";
import { testEnv } from "../support/env";
import { sharedEntry } from "../support/feed";
import { expectLogClean, person, type Person } from "../support/friends";
import { api, type ApiResult } from "../support/http";
import { toForm } from "../support/journals";
import { operatorId } from "../support/operators";

// One table of who may do what in the circle's safety rules (docs/decisions/066–069): for the
// writer of an anonymous close-circle entry, each route is tried with no token, as a stranger, a
// friend, a person the writer blocked, a person who blocked the writer, and an operator who is
// none of these. Each cell says the answer; a refused cell also leaves the database as it was.

type Role = "none" | "stranger" | "friend" | "blocked" | "blocker" | "operator" | "writer";
const ROLES: Role[] = ["none", "stranger", "friend", "blocked", "blocker", "operator", "writer"];

interface World {
  writer: Person;
  entryId: string;
  /** A message the friend sent in their thread on the entry. */
  friendsReplyId: string;
  reportId: string;
  as: Record<Role, string | undefined>;
  ids: Record<Exclude<Role, "none">, string>;
}

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

/** A writer, their anonymous close-circle entry, and one person of each role towards them. */
async function world(): Promise<World> {
  const [writer, stranger, friend, blocked, blocker] = [
    await person(db),
    await person(db),
    await person(db),
    await person(db),
    await person(db),
  ];
  await befriend(db, writer.user.id, friend.user.id);
  const entry = await sharedEntry(db, writer, { isAnonymous: true });
  const sent = await api<{ reply: { id: string } }>(`/api/journals/${entry.id}/replies`, {
    token: friend.token,
    body: { text: "From a friend." },
  });
  expect(sent.status).toBe(201);
  // Both were friends, and each block ends that.
  await befriend(db, writer.user.id, blocked.user.id);
  await befriend(db, writer.user.id, blocker.user.id);
  expect((await api(`/api/users/${blocked.user.id}/block`, { token: writer.token, body: {} })).status).toBe(200);
  expect((await api(`/api/users/${writer.user.id}/block`, { token: blocker.token, body: {} })).status).toBe(200);
  const [report] = await db
    .insert(reports)
    .values({ reporterId: friend.user.id, reason: "other", journalId: entry.id })
    .returning();
  const opId = await operatorId(db);
  const operator = await createSession(db, opId);
  return {
    writer,
    entryId: entry.id,
    friendsReplyId: sent.body.reply.id,
    reportId: report!.id,
    as: {
      none: undefined,
      stranger: stranger.token,
      friend: friend.token,
      blocked: blocked.token,
      blocker: blocker.token,
      operator,
      writer: writer.token,
    },
    ids: {
      stranger: stranger.user.id,
      friend: friend.user.id,
      blocked: blocked.user.id,
      blocker: blocker.user.id,
      operator: opId,
      writer: writer.user.id,
    },
  };
}

/** Each role's status for `call`, in ROLES' order, run one after another. */
async function statuses(
  w: World,
  roles: Role[],
  call: (token: string | undefined, role: Role) => Promise<ApiResult<unknown>>,
) {
  const got: Partial<Record<Role, number>> = {};
  for (const role of roles) got[role] = (await call(w.as[role], role)).status;
  return got;
}

describe("the authorization matrix of replies, block, mute, reports and /admin", () => {
  it("reading an anonymous entry's replies: its writer and the friends it is shared with; nobody else learns it exists", async () => {
    const w = await world();
    expect(await statuses(w, ROLES, (token) => api(`/api/journals/${w.entryId}/replies`, { token }))).toEqual({
      none: 401,
      stranger: 404,
      friend: 200,
      blocked: 404,
      blocker: 404,
      operator: 404,
      writer: 200,
    });
  });

  it("an anonymous entry's earlier versions, and the entry in Recently deleted: its writer's alone (docs/decisions/127)", async () => {
    const w = await world();
    const edited = await api(`/api/journals/${w.entryId}`, {
      token: w.as.writer,
      method: "PUT",
      form: toForm({ title: "Changed", content: "Changed words", visibility: "close-circle", isAnonymous: "true" }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const list = await api<{ versions: { id: string }[] }>(`/api/journals/${w.entryId}/versions`, {
      token: w.as.writer,
    });
    const versionId = list.body.versions[0]!.id;
    expect(await statuses(w, ROLES, (token) => api(`/api/journals/${w.entryId}/versions`, { token }))).toEqual({
      none: 401,
      stranger: 404,
      friend: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
      writer: 200,
    });
    const others = ROLES.filter((r) => r !== "writer");
    const restore = `/api/journals/${w.entryId}/versions/${versionId}/restore`;
    expect(await statuses(w, others, (token) => api(restore, { token, method: "POST" }))).toEqual({
      none: 401,
      stranger: 404,
      friend: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
    });
    expect((await api(`/api/journals/${w.entryId}`, { token: w.as.writer, method: "DELETE" })).status).toBe(200);
    const back = `/api/journals/deleted/${w.entryId}/restore`;
    expect(await statuses(w, others, (token) => api(back, { token, method: "POST" }))).toEqual({
      none: 401,
      stranger: 404,
      friend: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
    });
    expect(
      await statuses(w, others, (token) => api(`/api/journals/deleted/${w.entryId}`, { token, method: "DELETE" })),
    ).toEqual({ none: 401, stranger: 404, friend: 404, blocked: 404, blocker: 404, operator: 404 });
    for (const role of others.filter((r) => r !== "none")) {
      const seen = await api<{ pages: unknown[] }>("/api/journals/deleted", { token: w.as[role] });
      expect(seen.body.pages, role).toEqual([]);
    }
    expect(await statuses(w, ["writer"], (token) => api(back, { token, method: "POST" }))).toEqual({ writer: 200 });
  });

  it("writing a reply: a friend, or the writer in a thread a reader started; refusals write nothing", async () => {
    const w = await world();
    const before = await db.select().from(replies).where(eq(replies.journalId, w.entryId));
    const refused: Role[] = ["none", "stranger", "blocked", "blocker", "operator"];
    expect(
      await statuses(w, refused, (token) =>
        api(`/api/journals/${w.entryId}/replies`, { token, body: { text: "Let me in." } }),
      ),
    ).toEqual({
      none: 401,
      stranger: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
    });
    // Nor may the writer open a thread with someone who is not their reader.
    for (const role of ["stranger", "blocked", "blocker", "operator"] as const) {
      expect(
        (
          await api(`/api/journals/${w.entryId}/replies`, {
            token: w.as.writer,
            body: { text: "Hello?", threadWith: w.ids[role] },
          })
        ).status,
        role,
      ).toBe(404);
    }
    expect(await db.select().from(replies).where(eq(replies.journalId, w.entryId))).toEqual(before);
    expect(
      await statuses(w, ["friend"], (token) =>
        api(`/api/journals/${w.entryId}/replies`, { token, body: { text: "Again." } }),
      ),
    ).toEqual({ friend: 201 });
    expect(
      (
        await api(`/api/journals/${w.entryId}/replies`, {
          token: w.as.writer,
          body: { text: "Thank you.", threadWith: w.ids.friend },
        })
      ).status,
    ).toBe(201);
  });

  it("deleting a message: only the one who sent it", async () => {
    const w = await world();
    const path = `/api/journals/${w.entryId}/replies/${w.friendsReplyId}`;
    expect(
      await statuses(w, ["none", "stranger", "blocked", "blocker", "operator", "writer"], (token) =>
        api(path, { token, method: "DELETE" }),
      ),
    ).toEqual({
      none: 401,
      stranger: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
      writer: 404,
    });
    expect(await db.select().from(replies).where(eq(replies.id, w.friendsReplyId))).toHaveLength(1);
    expect(await statuses(w, ["friend"], (token) => api(path, { token, method: "DELETE" }))).toEqual({ friend: 200 });
  });

  it("muting and blocking the writer: anyone who may see them; someone they blocked finds nobody", async () => {
    const w = await world();
    const target = w.ids.writer;
    expect(
      await statuses(w, ["none", "blocker"], (token) => api(`/api/users/${target}/mute`, { token, body: {} })),
    ).toEqual({ none: 401, blocker: 200 });
    // The writer blocked them: the writer does not exist for them, to mute or to block.
    expect(await statuses(w, ["blocked"], (token) => api(`/api/users/${target}/mute`, { token, body: {} }))).toEqual({
      blocked: 404,
    });
    expect(await statuses(w, ["blocked"], (token) => api(`/api/users/${target}/block`, { token, body: {} }))).toEqual({
      blocked: 404,
    });
    expect(await db.select().from(mutes).where(eq(mutes.userId, w.ids.blocked))).toEqual([]);
    expect(await db.select().from(blocks).where(eq(blocks.blockerId, w.ids.blocked))).toEqual([]);
    expect(
      await statuses(w, ["stranger", "friend", "operator"], (token) =>
        api(`/api/users/${target}/mute`, { token, body: {} }),
      ),
    ).toEqual({
      stranger: 200,
      friend: 200,
      operator: 200,
    });
    expect(
      await statuses(w, ["none", "stranger", "operator", "friend"], (token) =>
        api(`/api/users/${target}/block`, { token, body: {} }),
      ),
    ).toEqual({
      none: 401,
      stranger: 200,
      operator: 200,
      friend: 200,
    });
    // Each undoes only their own.
    expect((await api(`/api/users/${w.ids.friend}/block`, { token: w.as.stranger, method: "DELETE" })).status).toBe(
      404,
    );
    expect((await api(`/api/users/${target}/block`, { token: w.as.friend, method: "DELETE" })).status).toBe(200);
  });

  it("reporting the entry: only a friend it is shared with; the writer may not report their own", async () => {
    const w = await world();
    const body = { journalId: w.entryId, reason: "spam" };
    const before = await db.select().from(reports).where(eq(reports.journalId, w.entryId));
    expect(
      await statuses(w, ["none", "stranger", "blocked", "blocker", "operator", "writer"], (token) =>
        api("/api/reports", { token, body }),
      ),
    ).toEqual({
      none: 401,
      stranger: 404,
      blocked: 404,
      blocker: 404,
      operator: 404,
      writer: 400,
    });
    expect(await db.select().from(reports).where(eq(reports.journalId, w.entryId))).toEqual(before);
    // The friend already has an open report of it (made in world()); one each.
    expect(await statuses(w, ["friend"], (token) => api("/api/reports", { token, body }))).toEqual({ friend: 409 });
  });

  it("the operators' page and actions: operators only; to anyone else it does not exist", async () => {
    const w = await world();
    const notOperators: Role[] = ["none", "stranger", "friend", "blocked", "blocker", "writer"];
    const expected = { none: 401, stranger: 404, friend: 404, blocked: 404, blocker: 404, writer: 404 };
    expect(await statuses(w, notOperators, (token) => api("/api/admin/reports", { token }))).toEqual(expected);
    expect(
      await statuses(w, notOperators, (token) =>
        api(`/api/admin/reports/${w.reportId}/dismiss`, { token, body: { note: "Fine" } }),
      ),
    ).toEqual(expected);
    expect(
      await statuses(w, notOperators, (token) =>
        api(`/api/admin/users/${w.ids.friend}/suspend`, { token, body: { note: "Why" } }),
      ),
    ).toEqual(expected);
    expect((await db.select().from(reports).where(eq(reports.id, w.reportId)))[0]!.status).toBe("open");
    expect(await statuses(w, ["operator"], (token) => api("/api/admin/reports", { token }))).toEqual({ operator: 200 });
    expect(
      await statuses(w, ["operator"], (token) =>
        api(`/api/admin/reports/${w.reportId}/dismiss`, { token, body: { note: "Fine" } }),
      ),
    ).toEqual({ operator: 200 });
  });

  it("an export of everything: its owner only; to anyone else, friend or operator, it does not exist", async () => {
    const w = await world();
    const [row] = await db.insert(exports).values({ userId: w.ids.writer, state: "failed" }).returning();
    const others = { none: 401, stranger: 404, friend: 404, blocked: 404, blocker: 404, operator: 404 };
    expect(await statuses(w, ROLES, (token) => api(`/api/export/${row!.id}`, { token }))).toEqual({
      ...others,
      writer: 200,
    });
    // Unsigned, the download asks the session; the export is not ready, so its owner gets a 404 too.
    expect(await statuses(w, ROLES, (token) => api(`/api/export/${row!.id}/download`, { token }))).toEqual({
      ...others,
      writer: 404,
    });
    // Nobody else's start touches the writer's export.
    expect(await statuses(w, ["none"], (token) => api("/api/export", { token, method: "POST" }))).toEqual({
      none: 401,
    });
    expect(await db.select().from(exports).where(eq(exports.userId, w.ids.writer))).toHaveLength(1);
  });

  it("a device's push subscription: its person alone turns it off; to anyone else it does not exist", async () => {
    const w = await world();
    // On loopback's discard port: nothing is listening, and no push for the writer goes anywhere.
    const endpoint = `http://127.0.0.1:9/push/${w.ids.writer}`;
    const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
    expect((await api("/api/push/subscriptions", { token: w.as.writer, body: { endpoint, keys } })).status).toBe(201);
    const others = { none: 401, stranger: 404, friend: 404, blocked: 404, blocker: 404, operator: 404 };
    expect(
      await statuses(
        w,
        ROLES.filter((r) => r !== "writer"),
        (token) => api("/api/push/subscriptions", { token, method: "DELETE", body: { endpoint } }),
      ),
    ).toEqual(others);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    expect(
      await statuses(w, ["writer"], (token) =>
        api("/api/push/subscriptions", { token, method: "DELETE", body: { endpoint } }),
      ),
    ).toEqual({ writer: 200 });
  });

  it("a friend's page: their friends only; a block either way is a stranger's 403, which an unknown id gets too (docs/decisions/067)", async () => {
    const w = await world();
    expect(await statuses(w, ROLES, (token) => api(`/api/users/${w.ids.writer}/journals`, { token }))).toEqual({
      none: 401,
      stranger: 403,
      friend: 200,
      blocked: 403,
      blocker: 403,
      operator: 403,
      writer: 200,
    });
  });

  it("an import from Day One: its owner only; to anyone else, friend or operator, it does not exist", async () => {
    const w = await world();
    const [row] = await db.insert(imports).values({ userId: w.ids.writer, state: "done" }).returning();
    const others = { none: 401, stranger: 404, friend: 404, blocked: 404, blocker: 404, operator: 404 };
    expect(await statuses(w, ROLES, (token) => api(`/api/import/${row!.id}`, { token }))).toEqual({
      ...others,
      writer: 200,
    });
    // Anyone's latest import is their own: nobody else's shows.
    const latest = await statuses(w, ROLES, (token) =>
      api<{ import: { id: string } | null }>("/api/import", { token }).then((r) => ({
        ...r,
        status: r.body.import?.id === row!.id ? 200 : r.status === 401 ? 401 : 404,
      })),
    );
    expect(latest).toEqual({ ...others, writer: 200 });
    expect(await db.select().from(imports).where(eq(imports.userId, w.ids.writer))).toHaveLength(1);
  });
});
