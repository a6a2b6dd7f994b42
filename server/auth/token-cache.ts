/**
 * Live session tokens seen lately, by token hash, so the app's poll every 5 s does not cost a
 * database round trip each. An entry lives `ttlMs` at most and never past its session's expiry.
 * Revocations evict at once: the database notifies every process of each revoked or deleted
 * session (migration 0004, `listenForRevocations`), and the revoking process also evicts itself.
 */
import { Lru } from '../market/lru.ts';

interface Entry {
  userId: number;
  /** Epoch ms: the earlier of the session's expiry and the end of this entry's time to live. */
  until: number;
}

export interface TokenCacheOptions {
  ttlMs?: number;
  max?: number;
  /** False while revocations cannot be heard: the cache then answers nothing and keeps nothing. */
  live?: () => boolean;
}

export class TokenCache {
  private readonly entries: Lru<string, Entry>;
  private readonly ttlMs: number;
  private readonly live: () => boolean;
  /** Moves on every eviction: a lookup that raced one does not store what it read (see `set`). */
  private generation = 0;

  constructor(options: TokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.entries = new Lru(options.max ?? 10_000);
    this.live = options.live ?? (() => true);
  }

  /** The user of a cached live token, or undefined when the database must be asked. */
  get(tokenHash: string, now: number): number | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry || !this.live()) return undefined;
    if (now < entry.until) return entry.userId;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before the database read whose answer goes to `set`. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a token the database just said is live, unless anything was evicted since `mark`: that
   * read may have seen the row before its revocation committed.
   */
  set(tokenHash: string, userId: number, expiresAt: number, now: number, mark: number): void {
    if (mark !== this.generation || !this.live()) return;
    this.entries.set(tokenHash, { userId, until: Math.min(expiresAt, now + this.ttlMs) });
  }

  evict(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  evictUser(userId: number): void {
    this.generation++;
    for (const [hash, entry] of this.entries.entries()) if (entry.userId === userId) this.entries.delete(hash);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
