import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearAllDrafts,
  clearDraft,
  countDrafts,
  draftDays,
  draftKey,
  loadDraft,
  saveDraft,
  subscribeDrafts,
  type DiaryDraft,
} from "../../client/diary-drafts";

// The diary's drafts (client/diary-drafts.ts, docs/decisions/007): the words of a day kept in this browser until
// they are saved. Node has no window: a window stand-in (an EventTarget) with a Map-backed Web Storage, which can
// also refuse like a full or blocked one (Safari's private mode, a quota). The editor's use of them is
// tests/unit/day-editor-machine.test.ts's; a reload that restores them is e2e/my-diary.spec.ts's.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  /** "full": writes throw (QuotaExceededError); "blocked": every call throws (SecurityError). */
  mode: "ok" | "full" | "blocked" = "ok";
  private check(write = false) {
    if (this.mode === "blocked" || (write && this.mode === "full"))
      throw new DOMException("refused", this.mode === "full" ? "QuotaExceededError" : "SecurityError");
  }
  get length() {
    this.check();
    return this.items.size;
  }
  key(i: number) {
    this.check();
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    this.check();
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.check(true);
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.check(true);
    this.items.delete(k);
  }
  clear() {
    this.check(true);
    this.items.clear();
  }
  [name: string]: unknown;
}

let storage: MemoryStorage;
const words: DiaryDraft = {
  title: "Rain",
  content: "It rained all day.\nI read.",
  visibility: "private",
  isAnonymous: false,
};
/** As it comes back: with when it was kept. */
const kept = { ...words, savedAt: expect.any(String) as string };

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage: storage }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a day's draft", () => {
  it("is kept per person and day, and comes back as it was written", () => {
    saveDraft("u1", "2026-03-10", words);
    expect(loadDraft("u1", "2026-03-10")).toEqual(kept);
    expect(loadDraft("u1", "2026-03-11")).toBeNull();
    expect(loadDraft("u2", "2026-03-10")).toBeNull();
    expect(storage.getItem(draftKey("u1", "2026-03-10"))).toContain('"savedAt"');
  });

  it("keeps only the draft's own fields", () => {
    saveDraft("u1", "2026-03-10", { ...words, extra: "not kept" } as DiaryDraft);
    expect(Object.keys(JSON.parse(storage.getItem(draftKey("u1", "2026-03-10"))!)).sort()).toEqual(
      ["content", "isAnonymous", "savedAt", "title", "visibility"].sort(),
    );
  });

  it("reads a damaged or foreign value as no draft, never throws", () => {
    storage.setItem(draftKey("u1", "2026-03-10"), "{not json");
    expect(loadDraft("u1", "2026-03-10")).toBeNull();
    storage.setItem(draftKey("u1", "2026-03-10"), JSON.stringify({ ...words, visibility: "public" }));
    expect(loadDraft("u1", "2026-03-10")).toBeNull();
    storage.setItem(draftKey("u1", "2026-03-10"), JSON.stringify({ ...words, content: 7 }));
    expect(loadDraft("u1", "2026-03-10")).toBeNull();
  });

  it("is forgotten once saved, and only that day's", () => {
    saveDraft("u1", "2026-03-10", words);
    saveDraft("u1", "2026-03-11", words);
    clearDraft("u1", "2026-03-10");
    expect(loadDraft("u1", "2026-03-10")).toBeNull();
    expect(loadDraft("u1", "2026-03-11")).toEqual(kept);
  });
});

describe("the drafts of this browser", () => {
  it("list a person's days, sorted, and count everyone's but the outbox's", () => {
    saveDraft("u1", "2026-03-11", words);
    saveDraft("u1", "2026-03-09", words);
    saveDraft("u2", "2026-03-10", words);
    storage.setItem("another-app", "x");
    expect(draftDays("u1")).toBe("2026-03-09 2026-03-11");
    expect(countDrafts()).toBe(3);
    expect(countDrafts(new Set([draftKey("u1", "2026-03-09")]))).toBe(2);
  });

  it("are all forgotten on logout, and nothing else of the storage", () => {
    saveDraft("u1", "2026-03-10", words);
    saveDraft("u2", "2026-03-10", words);
    storage.setItem("another-app", "x");
    clearAllDrafts();
    expect(countDrafts()).toBe(0);
    expect(storage.getItem("another-app")).toBe("x");
  });

  it("announce a change in this tab, and a draft's change from another tab, not others", () => {
    const onChange = vi.fn();
    const stop = subscribeDrafts(onChange);
    saveDraft("u1", "2026-03-10", words);
    clearDraft("u1", "2026-03-10");
    clearDraft("u1", "2026-03-10"); // nothing left to clear: no announcement
    expect(onChange).toHaveBeenCalledTimes(2);
    const fromTab = (key: string | null) => Object.assign(new Event("storage"), { key });
    window.dispatchEvent(fromTab(draftKey("u2", "2026-03-10")));
    window.dispatchEvent(fromTab(null)); // another tab cleared the whole storage
    window.dispatchEvent(fromTab("another-app"));
    expect(onChange).toHaveBeenCalledTimes(4);
    stop();
    saveDraft("u1", "2026-03-10", words);
    expect(onChange).toHaveBeenCalledTimes(4);
  });
});

describe("a storage that refuses", () => {
  it("when full: saving fails quietly and the earlier draft stays", () => {
    saveDraft("u1", "2026-03-10", words);
    storage.mode = "full";
    expect(() => saveDraft("u1", "2026-03-10", { ...words, content: "More words." })).not.toThrow();
    expect(loadDraft("u1", "2026-03-10")).toEqual(kept);
  });

  it("when blocked: nothing throws, and there is no draft", () => {
    saveDraft("u1", "2026-03-10", words);
    storage.mode = "blocked";
    expect(loadDraft("u1", "2026-03-10")).toBeNull();
    expect(() => saveDraft("u1", "2026-03-10", words)).not.toThrow();
    expect(() => clearDraft("u1", "2026-03-10")).not.toThrow();
    expect(() => clearAllDrafts()).not.toThrow();
    expect(countDrafts()).toBe(0);
    expect(draftDays("u1")).toBe("");
  });
});
