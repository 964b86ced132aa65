import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, unique, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { feed, like } from "../support/feed";
import { person, type Person } from "../support/friends";
import { api } from "../support/http";
import { entryFields, postJournal, putJournal, utcDay } from "../support/journals";

// Anonymity through the totals (docs/decisions/025, 042). Whatever anyone but the writer can read
// about the writer counts only signed entries shared with the close circle. So when an entry moves
// between private and anonymous, nothing another person can read changes: were it otherwise, a
// friend would watch the writer's count drop at the moment an anonymous entry appeared in the feed,
// and know who wrote it. Every transition, against every reader, over real HTTP.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type State = "private" | "signed" | "anonymous";
const STATES: State[] = ["private", "signed", "anonymous"];
const TRANSITIONS = STATES.flatMap((from) => STATES.filter((to) => to !== from).map((to) => [from, to] as const));

const FIELDS: Record<State, { visibility: string; isAnonymous: string }> = {
  private: { visibility: "private", isAnonymous: "false" },
  signed: { visibility: "close-circle", isAnonymous: "false" },
  anonymous: { visibility: "close-circle", isAnonymous: "true" },
};

/** What a reader other than the writer may see, with the writer's one entry in `state`. */
function expectedFor(state: State) {
  const n = state === "signed" ? 1 : 0;
  return { totals: { journalCount: n, totalLikes: n, totalReads: n, daysWritten: n }, suggested: n === 1 };
}

interface Cast {
  writer: Person;
  friend: Person;
  stranger: Person;
  entryId: string;
}

/**
 * A writer (a member since 2001, so never among the newest members that suggestions fall back
 * to), a friend and a stranger. The writer's one entry is written through the API as a signed
 * shared one, read and hearted by the friend, then put in `state`.
 * Written just now, it is among the latest entries of the database, so while it is signed and
 * shared its writer is one of the "recently active writers" in a stranger's suggestions.
 */
async function cast(state: State): Promise<Cast> {
  const username = unique("totals_");
  const writer = await person(db, {
    username,
    name: `Writer ${username}`,
    createdAt: new Date("2001-01-01T00:00:00Z"),
  });
  const friend = await person(db);
  const stranger = await person(db);
  await befriend(db, writer.user.id, friend.user.id);
  const entry = await postJournal(writer.token, entryFields({ ...FIELDS.signed, journaldate: utcDay(-1) }));
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const page = await feed(friend);
  expect(page.body.journals.map((j) => j.id)).toContain(entry.body.id);
  expect((await like(friend, entry.body.id)).status).toBe(200);
  await moveTo({ writer, friend, stranger, entryId: entry.body.id }, state);
  return { writer, friend, stranger, entryId: entry.body.id };
}

async function moveTo({ writer, entryId }: Cast, state: State) {
  const res = await putJournal(writer.token, entryId, {
    title: "Rain at last",
    content: "The garden drank all afternoon.",
    ...FIELDS[state],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Everything `viewer` can read about the writer: profile, search result, suggestion as a writer, the friends list. */
async function viewOf(viewer: Person, { writer, friend }: Cast) {
  const profile = await api<{ user: Record<string, unknown> }>(`/api/users/${writer.user.id}`, { token: viewer.token });
  expect(profile.status).toBe(200);
  const search = await api<{ users: { id: string }[] }>(`/api/search?q=${writer.user.username}`, {
    token: viewer.token,
  });
  const suggestions = await api<{ users: { id: string }[] }>("/api/search/suggested?limit=50", { token: viewer.token });
  // Suggested as a recent writer: before the newest members, of whom the friend (no entries, joined
  // now) is one. In a small database the writer may also be among the newest members, after the friend.
  const ids = suggestions.body.users.map((u) => u.id);
  const [at, friendAt] = [ids.indexOf(writer.user.id), ids.indexOf(friend.user.id)];
  const friends = await api<{ closeFriends: { id: string }[] }>("/api/myprofile/community/closefriends", {
    token: viewer.token,
  });
  return {
    profile: profile.body.user,
    searchResult: search.body.users.find((u) => u.id === writer.user.id) ?? null,
    suggested: at !== -1 && (friendAt === -1 || at < friendAt),
    inFriendsList: friends.body.closeFriends.find((u) => u.id === writer.user.id) ?? null,
  };
}

async function writersOwnTotals({ writer }: Cast) {
  const mine = await api<Record<string, unknown>>("/api/myprofile", { token: writer.token });
  const { journalCount, totalLikes, totalReads } = mine.body;
  return { journalCount, totalLikes, totalReads };
}

describe("the totals others can read, as an entry moves between private, signed shared and anonymous", () => {
  it.each(TRANSITIONS)("%s → %s", async (from, to) => {
    const people = await cast(from);
    const readers = { friend: people.friend, stranger: people.stranger };
    const before: Record<string, Awaited<ReturnType<typeof viewOf>>> = {};
    for (const [who, viewer] of Object.entries(readers)) {
      before[who] = await viewOf(viewer, people);
      expect(before[who]!.profile, `${who} before`).toMatchObject(expectedFor(from).totals);
    }
    expect((await viewOf(people.stranger, people)).suggested, "suggested to the stranger before").toBe(
      expectedFor(from).suggested,
    );
    // The writer's own totals count everything, always.
    expect(await writersOwnTotals(people)).toEqual({ journalCount: 1, totalLikes: 1, totalReads: 1 });

    await moveTo(people, to);

    for (const [who, viewer] of Object.entries(readers)) {
      const after = await viewOf(viewer, people);
      expect(after.profile, `${who} after`).toMatchObject(expectedFor(to).totals);
      // Between private and anonymous nothing another person can read moves at all.
      if (from !== "signed" && to !== "signed") expect(after, `${who}: ${from} → ${to}`).toEqual(before[who]);
    }
    expect((await viewOf(people.stranger, people)).suggested, "suggested to the stranger after").toBe(
      expectedFor(to).suggested,
    );
    expect(await writersOwnTotals(people)).toEqual({ journalCount: 1, totalLikes: 1, totalReads: 1 });
  });
});
