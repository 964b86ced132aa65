import { eq } from "drizzle-orm";
import { coded } from "../support/refusals";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../lib/db/schema";
import { unsubscribeToken } from "../../lib/reminders/unsubscribe";
import { REMINDER_NO_WEEKDAY_MESSAGE } from "../../lib/validation/reminder-limits";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectError, signedIn } from "../support/journals";

// GET and PUT /api/myprofile/settings, the reminder mails' unsubscribe link and page, and the
// reminders job registered by the running server (docs/api.md "My profile and community",
// docs/decisions/061). The job's rule itself is tests/lib/reminders.test.ts.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

interface Settings {
  reminder: { enabled: boolean; time: string; timeZone: string; weekdays: number[] };
  notifications?: Record<string, Record<string, boolean>>;
  /** The account's language (docs/decisions/144): none unless chosen. */
  language?: string | null;
}
interface Refusal {
  message: string;
  errors: { path: string; message: string }[];
}

/** The notifications' switches never set (docs/decisions/082): pushes on, the reminder by mail. tests/api/push.test.ts changes them. */
const NOTIFICATIONS = {
  friendRequest: { push: true },
  friendAccepted: { push: true },
  heart: { push: true },
  reply: { push: true },
  reminder: { email: true, push: false },
};
const DEFAULTS: Settings = {
  reminder: { enabled: false, time: "20:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5, 6, 7] },
  notifications: NOTIFICATIONS,
  language: null,
};
/** Put as a client that knows only the reminder does; answered with the notifications too. */
const EVENINGS: Settings = {
  reminder: { enabled: true, time: "21:30", timeZone: "Europe/Berlin", weekdays: [1, 3, 5] },
};
const EVENINGS_SAVED: Settings = { ...EVENINGS, notifications: NOTIFICATIONS, language: null };

const getSettings = (token: string) => api<Settings>("/api/myprofile/settings", { token });
const putSettings = (token: string, body: unknown) =>
  api<Settings & Refusal>("/api/myprofile/settings", { method: "PUT", token, body });

describe("GET and PUT /api/myprofile/settings", () => {
  it("answers 401 without a session, before reading the body", async () => {
    expectError(await api("/api/myprofile/settings"), 401, "Authentication required");
    expectError(
      await api("/api/myprofile/settings", { method: "PUT", rawBody: "{not json" }),
      401,
      "Authentication required",
    );
  });

  it("starts off, and keeps what was put", async () => {
    const { token } = await signedIn(db);
    expect((await getSettings(token)).body).toEqual(DEFAULTS);
    const put = await putSettings(token, EVENINGS);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(EVENINGS_SAVED);
    expect((await getSettings(token)).body).toEqual(EVENINGS_SAVED);
    const again = { reminder: { ...EVENINGS.reminder, enabled: false, timeZone: "UTC", weekdays: [7, 1] } };
    expect((await putSettings(token, again)).body).toEqual({
      reminder: { ...again.reminder, weekdays: [1, 7] },
      notifications: NOTIFICATIONS,
      language: null,
    });
  });

  it("keeps each person's settings to themselves", async () => {
    const a = await signedIn(db);
    const b = await signedIn(db);
    await putSettings(a.token, EVENINGS);
    expect((await getSettings(b.token)).body).toEqual(DEFAULTS);
    const [row] = await db.select().from(schema.reminderSettings).where(eq(schema.reminderSettings.userId, a.user.id));
    expect(row).toMatchObject({
      enabled: true,
      minuteOfDay: 21 * 60 + 30,
      timeZone: "Europe/Berlin",
      weekdays: 0b10101,
    });
  });

  it("accepts every IANA zone and alias the runtime knows, UTC too", async () => {
    const { token } = await signedIn(db);
    for (const timeZone of ["UTC", "America/Argentina/Buenos_Aires", "Asia/Calcutta", "Pacific/Chatham"]) {
      const res = await putSettings(token, { reminder: { ...EVENINGS.reminder, timeZone } });
      expect(res.status, timeZone).toBe(200);
    }
    expect(
      (await putSettings(token, { reminder: { ...EVENINGS.reminder, timeZone: "europe/berlin" } })).body.reminder
        .timeZone,
    ).toBe("Europe/Berlin");
  });

  it("refuses a bad zone, time and weekdays with an error beside each field, and saves nothing", async () => {
    const { token } = await signedIn(db);
    const res = await putSettings(token, {
      reminder: { enabled: true, time: "24:00", timeZone: "Mars/Olympus_Mons", weekdays: [1, 1, 8] },
    });
    expectError(res, 400);
    expect(new Set(res.body.errors.map((e) => e.path))).toEqual(
      new Set(["reminder.time", "reminder.timeZone", "reminder.weekdays.2", "reminder.weekdays"]),
    );
    expect((await getSettings(token)).body).toEqual(DEFAULTS);
    for (const [field, value] of [
      ["time", "9:00"],
      ["time", "12:60"],
      ["time", 900],
      ["timeZone", ""],
      ["timeZone", "europe/berlin "],
      ["timeZone", "+01:00"],
      ["weekdays", [0]],
      ["weekdays", [1.5]],
      ["weekdays", "1,2"],
      ["enabled", "yes"],
    ] as const) {
      const bad = await putSettings(token, { reminder: { ...EVENINGS.reminder, [field]: value } });
      expectError(bad, 400);
      expect(
        bad.body.errors.every((e) => e.path.startsWith(`reminder.${field}`)),
        `${field}: ${JSON.stringify(value)}`,
      ).toBe(true);
    }
    expectError(await putSettings(token, {}), 400);
  });

  it("refuses a reminder turned on with no day beside the days (it would never come); off, it may have none", async () => {
    const { token } = await signedIn(db);
    const none = await putSettings(token, { reminder: { ...EVENINGS.reminder, weekdays: [] } });
    expectError(none, 400, REMINDER_NO_WEEKDAY_MESSAGE);
    expect(none.body.errors).toEqual(coded([{ path: "reminder.weekdays", message: REMINDER_NO_WEEKDAY_MESSAGE }]));
    expect((await getSettings(token)).body).toEqual(DEFAULTS);
    const off = await putSettings(token, { reminder: { ...EVENINGS.reminder, enabled: false, weekdays: [] } });
    expect(off.status).toBe(200);
  });
});

describe("unsubscribing from reminder mails", () => {
  async function subscribed() {
    const { user, token } = await signedIn(db);
    await putSettings(token, EVENINGS);
    return { user, token, link: await unsubscribeToken({ db, userId: user.id }) };
  }

  it("turns the reminder off by the one-click POST a mail client sends, and says the same again", async () => {
    const { token, link } = await subscribed();
    const res = await api(`/api/reminders/unsubscribe/${link}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Reminders are off" });
    expect((await getSettings(token)).body).toEqual({
      reminder: { ...EVENINGS.reminder, enabled: false },
      notifications: NOTIFICATIONS,
      language: null,
    });
    expect((await api(`/api/reminders/unsubscribe/${link}`, { method: "POST" })).status).toBe(200);
  });

  it("refuses a forged or altered token with a 404 and changes nothing", async () => {
    const { user, token, link } = await subscribed();
    const other = await signedIn(db);
    const [, signature] = link.split(".");
    for (const forged of [
      `${other.user.id}.${signature}`,
      `${user.id}.${"A".repeat(43)}`,
      user.id,
      "nonsense",
      `${link}.x`,
    ]) {
      expectError(
        await api(`/api/reminders/unsubscribe/${encodeURIComponent(forged)}`, { method: "POST" }),
        404,
        "This unsubscribe link is not valid",
      );
    }
    expect((await getSettings(token)).body).toEqual(EVENINGS_SAVED);
    expectError(await api(`/api/reminders/unsubscribe/${link}`), 405);
  });

  it("shows a page with a button for a person, and the page alone changes nothing", async () => {
    const { token, link } = await subscribed();
    const page = await fetch(`${testEnv.baseUrl}/unsubscribe/${link}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop reminders");
    expect((await getSettings(token)).body).toEqual(EVENINGS_SAVED);
    const bad = await fetch(`${testEnv.baseUrl}/unsubscribe/${link.slice(0, -2)}xx`);
    expect(bad.status).toBe(404);
  });
});

describe("the reminders job in the running server", () => {
  it("has registered its every-minute schedule on a singleton queue in pg-boss", async () => {
    const client = new pg.Client({ connectionString: testEnv.databaseUrl });
    await client.connect();
    try {
      const schedule = async () =>
        (
          await client
            .query("select name, cron from pgboss.schedule where name = 'reminders'")
            .catch(() => ({ rows: [] }))
        ).rows;
      await expect.poll(schedule).toEqual([{ name: "reminders", cron: "* * * * *" }]);
      const { rows } = await client.query("select policy from pgboss.queue where name = 'reminders'");
      expect(rows).toEqual([{ policy: "singleton" }]);
    } finally {
      await client.end();
    }
  });
});
