import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

describe("GET /api/journals/month/{year}/{month}", () => {
  it("lists the caller's days in that month, in order, and nobody else's", async () => {
    const { user, token } = await signedIn(db);
    const other = await signedIn(db);
    const feb29 = await createJournal(db, user.id, { journalDate: "2024-02-29" });
    const feb1 = await createJournal(db, user.id, { journalDate: "2024-02-01" });
    await createJournal(db, user.id, { journalDate: "2024-01-31" });
    await createJournal(db, user.id, { journalDate: "2024-03-01" });
    await createJournal(db, other.user.id, { journalDate: "2024-02-10" });

    const res = await api("/api/journals/month/2024/2", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { _id: feb1.id, id: feb1.id, journaldate: "2024-02-01" },
      { _id: feb29.id, id: feb29.id, journaldate: "2024-02-29" },
    ]);
    expect((await api("/api/journals/month/2024/02", { token, base: testEnv.secondUrl })).body).toEqual(res.body);
  });

  it("covers December up to the 31st without spilling into January", async () => {
    const { user, token } = await signedIn(db);
    const dec31 = await createJournal(db, user.id, { journalDate: "2023-12-31" });
    await createJournal(db, user.id, { journalDate: "2024-01-01" });
    expect((await api("/api/journals/month/2023/12", { token })).body).toEqual([
      { _id: dec31.id, id: dec31.id, journaldate: "2023-12-31" },
    ]);
  });

  it("answers [] for a month without entries, even one in the future", async () => {
    const { token } = await signedIn(db);
    for (const path of ["/api/journals/month/2024/7", "/api/journals/month/9999/12"]) {
      const res = await api(path, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it.each([
    ["2024", "13"],
    ["2024", "0"],
    ["2024", "00"],
    ["2024", "-1"],
    ["2024", "1.5"],
    ["2024", "feb"],
    ["24", "2"],
    ["20245", "2"],
    ["0000", "1"],
    ["year", "2"],
  ])("answers 400 for year %j month %j", async (year, month) => {
    const { token } = await signedIn(db);
    expectError(await api(`/api/journals/month/${year}/${month}`, { token }), 400);
  });

  it("answers 401 without a token", async () => {
    expectError(await api("/api/journals/month/2024/2"), 401);
  });
});

describe("GET /api/journals/date/{date}", () => {
  it("answers the caller's entry for that day", async () => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id, {
      journalDate: "2025-03-14",
      title: "Pi day",
      visibility: "close-circle",
      isAnonymous: true,
    });
    const res = await api("/api/journals/date/2025-03-14", { token, base: testEnv.secondUrl });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: entry.id,
      id: entry.id,
      title: "Pi day",
      content: entry.content,
      visibility: "close-circle",
      isAnonymous: true,
      journaldate: "2025-03-14",
      images: [],
      imageDescription: null,
      photos: [],
      mood: null,
      activities: [],
      likesCount: 0,
      readsCount: 0,
      createdAt: entry.createdAt.toISOString(),
      updatedAt: entry.updatedAt.toISOString(),
      locked: false,
      sealed: null,
    });
  });

  it("answers 404 'No journal found for this date' for an empty day, a future day, and another person's day", async () => {
    const { token } = await signedIn(db);
    const other = await signedIn(db);
    await createJournal(db, other.user.id, { journalDate: "2025-03-15" });
    for (const day of ["2025-03-15", "2025-03-16", "2999-01-01"]) {
      expectError(await api(`/api/journals/date/${day}`, { token }), 404, "No journal found for this date");
    }
  });

  it.each(["2025-02-30", "2025-3-1", "yesterday", "2025-03-01T00:00:00Z", "0000-01-01", "%00"])(
    "answers 400 for the date %j",
    async (day) => {
      const { token } = await signedIn(db);
      expectError(await api(`/api/journals/date/${encodeURIComponent(day)}`, { token }), 400);
    },
  );

  it("answers 401 without a token", async () => {
    expectError(await api("/api/journals/date/2025-03-14"), 401);
  });
});

describe("GET /api/journals/users/{userId}", () => {
  it("answers all of the caller's entries, newest day first, as journal objects", async () => {
    const { user, token } = await signedIn(db);
    await createJournal(db, user.id, { journalDate: "2024-05-02", title: "Middle" });
    await createJournal(db, user.id, { journalDate: "2025-01-09", title: "Newest" });
    await createJournal(db, user.id, { journalDate: "2023-11-30", title: "Oldest" });
    const res = await api<Record<string, unknown>[]>(`/api/journals/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.map((j) => [j.journaldate, j.title])).toEqual([
      ["2025-01-09", "Newest"],
      ["2024-05-02", "Middle"],
      ["2023-11-30", "Oldest"],
    ]);
    expect(Object.keys(res.body[0]!).sort()).toEqual(
      [
        "_id",
        "id",
        "title",
        "content",
        "visibility",
        "isAnonymous",
        "journaldate",
        "images",
        "imageDescription",
        "photos",
        "mood",
        "activities",
        "likesCount",
        "readsCount",
        "createdAt",
        "updatedAt",
        "locked",
        "sealed",
      ].sort(),
    );
  });

  it("answers [] to a writer without entries", async () => {
    const { user, token } = await signedIn(db);
    const res = await api(`/api/journals/users/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("answers 403 for anyone else's list, an unknown id and a malformed one", async () => {
    const { token } = await signedIn(db);
    const other = await signedIn(db);
    await createJournal(db, other.user.id);
    for (const id of [other.user.id, "00000000-0000-0000-0000-000000000000", "not-a-uuid"]) {
      expectError(await api(`/api/journals/users/${id}`, { token }), 403, "You can only download your own journal");
    }
  });

  it("answers 401 without a token", async () => {
    const { user } = await signedIn(db);
    expectError(await api(`/api/journals/users/${user.id}`), 401);
  });
});
