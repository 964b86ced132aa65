import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, journalRow, putJournal, send, signedIn, toForm } from "../support/journals";

const REQUIRED = "Both title and content are required.";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const edit = (overrides: Record<string, string | undefined> = {}) => ({
  title: "Edited title",
  content: "Edited content.",
  visibility: "close-circle",
  isAnonymous: "true",
  ...overrides,
});

async function withEntry() {
  const { user, token } = await signedIn(db);
  const entry = await createJournal(db, user.id, {
    journalDate: "2025-04-01",
    createdAt: new Date(Date.now() - 60_000),
    updatedAt: new Date(Date.now() - 60_000),
  });
  return { user, token, entry };
}

describe("PUT /api/journals/{id}", () => {
  it("replaces title, content, visibility and anonymity, and answers docs/api.md's shape", async () => {
    const { token, entry } = await withEntry();
    const res = await putJournal(token, entry.id, edit({ title: "  Edited title  " }), testEnv.secondUrl);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: "Journal updated successfully",
      journal: expect.objectContaining({
        _id: entry.id,
        id: entry.id,
        title: "Edited title",
        content: "Edited content.",
        visibility: "close-circle",
        isAnonymous: true,
        journaldate: "2025-04-01",
        images: [],
        createdAt: entry.createdAt.toISOString(),
      }),
    });
    const row = await journalRow(db, entry.id);
    expect(row).toMatchObject({
      title: "Edited title",
      content: "Edited content.",
      visibility: "close-circle",
      isAnonymous: true,
      journalDate: "2025-04-01",
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(entry.updatedAt.getTime());
    expect(res.body.journal.updatedAt).toBe(row!.updatedAt.toISOString());
  });

  it("never moves an entry to another day, even when a journaldate is sent", async () => {
    const { token, entry } = await withEntry();
    const res = await putJournal(token, entry.id, edit({ journaldate: "2025-04-02" }));
    expect(res.status).toBe(200);
    expect((await journalRow(db, entry.id))!.journalDate).toBe("2025-04-01");
  });

  it("makes an entry private again, which needs anonymity off", async () => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id, { visibility: "close-circle", isAnonymous: true });
    expectError(
      await putJournal(token, entry.id, edit({ visibility: "private", isAnonymous: "true" })),
      400,
      /anonymous|close circle/i,
    );
    expect(await putJournal(token, entry.id, edit({ visibility: "private", isAnonymous: "false" }))).toMatchObject({
      status: 200,
    });
    expect(await journalRow(db, entry.id)).toMatchObject({ visibility: "private", isAnonymous: false });
  });

  it.each([
    ["a whitespace-only title", { title: "   " }, REQUIRED],
    ["a missing content", { content: undefined }, REQUIRED],
    ["a 101-character title", { title: "t".repeat(101) }, /title/i],
    ["901 characters of content", { content: "c".repeat(901) }, /content/i],
    ["an unknown visibility", { visibility: "everyone" }, /visibility/i],
    ["removeImage 'yes'", { removeImage: "yes" }, /removeImage/],
  ])("refuses %s with 400 and changes nothing", async (_label, overrides, message) => {
    const { token, entry } = await withEntry();
    expectError(await putJournal(token, entry.id, edit(overrides)), 400, message);
    expect(await journalRow(db, entry.id)).toEqual(entry);
  });

  it("accepts the boundaries: a 100-character title and 900 characters of content (emoji count as one)", async () => {
    const { token, entry } = await withEntry();
    const res = await putJournal(token, entry.id, edit({ title: "🙂".repeat(100), content: "👍🏽".repeat(900) }));
    expect(res.status).toBe(200);
    expect((await journalRow(db, entry.id))!.content).toBe("👍🏽".repeat(900));
  });

  it("accepts removeImage=true on an entry without a photo", async () => {
    const { token, entry } = await withEntry();
    const res = await putJournal(token, entry.id, edit({ removeImage: "true" }));
    expect(res.status).toBe(200);
    expect(res.body.journal.images).toEqual([]);
  });

  it("answers 401 without a token and changes nothing", async () => {
    const { entry } = await withEntry();
    expectError(await send(`/api/journals/${entry.id}`, { method: "PUT", form: toForm(edit()) }), 401);
    expect(await journalRow(db, entry.id)).toEqual(entry);
  });

  it("answers 404 for an entry that does not exist", async () => {
    const { token } = await signedIn(db);
    expectError(await putJournal(token, "00000000-0000-4000-8000-000000000000", edit()), 404);
  });
});

describe("DELETE /api/journals/{id}", () => {
  it("deletes the entry and answers docs/api.md's message; the day is free again", async () => {
    const { user, token, entry } = await withEntry();
    const res = await api(`/api/journals/${entry.id}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Journal deleted successfully" });
    expect(await journalRow(db, entry.id)).toBeUndefined();
    expectError(await api("/api/journals/date/2025-04-01", { token }), 404, "No journal found for this date");
    expect((await api(`/api/journals/users/${user.id}`, { token })).body).toEqual([]);
  });

  it("answers 404 the second time (on the other instance too)", async () => {
    const { token, entry } = await withEntry();
    expect((await api(`/api/journals/${entry.id}`, { method: "DELETE", token })).status).toBe(200);
    expectError(await api(`/api/journals/${entry.id}`, { method: "DELETE", token, base: testEnv.secondUrl }), 404);
  });

  it("answers 401 without a token and keeps the entry", async () => {
    const { entry } = await withEntry();
    expectError(await api(`/api/journals/${entry.id}`, { method: "DELETE" }), 401);
    expect(await journalRow(db, entry.id)).toEqual(entry);
  });
});
