// The session cache's store (docs/decisions/085): at most `max` entries, the least recently used
// evicted first, each until its own time, and every entry of one user dropped at once. Keyed by a
// token's hash, never the token. No clock of its own: callers pass the time.

interface Entry<T> {
  value: T;
  userId: string;
  /** Served until this time (ms since the epoch), then forgotten. */
  until: number;
}

export class SessionLru<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<string, Set<string>>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key` at time `now`, or undefined when it is absent or its time is up. */
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: a Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, userId: string, value: T, until: number): void {
    this.delete(key);
    this.entries.set(key, { value, userId, until });
    let keys = this.byUser.get(userId);
    if (!keys) this.byUser.set(userId, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.max) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(entry.userId);
  }

  /** Forgets every entry of one user. */
  dropUser(userId: string): void {
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }
}
