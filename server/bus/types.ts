/** Pushes to users (socket codes: docs/rules.md#push-channel), carried between server processes by an event bus. */
import type { PushCode } from '../../src/shared/contract.ts';

export interface PushEvent {
  /** The user to reach; null reaches everyone connected. */
  userId: number | null;
  code: PushCode;
  data?: Record<string, unknown>;
}

export type PushListener = (evt: PushEvent) => void;

import type { QueueEvent } from '../../src/shared/contract/console.ts';
export type { QueueEvent };

export type QueueListener = (evt: QueueEvent) => void;

export interface EventBus {
  /** Delivers `evt` to the subscribers of every server process sharing this bus. */
  publish(evt: PushEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(fn: PushListener): () => void;
  close(): Promise<void>;
  /** Delivers `evt` to the consoles connected to every server process sharing this bus. */
  announce(evt: QueueEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  watchQueues(fn: QueueListener): () => void;
  /**
   * Sessions the database announces as revoked or deleted (migration 0004): the token hash, or `*`
   * for every session (a TRUNCATE, or the connection was lost and notices may have been missed).
   * Only a bus on PostgreSQL has it; PGlite announces in-process (server/auth/revocations.ts).
   */
  onRevoked?(fn: (tokenHash: string) => void): () => void;
  /** False while the bus cannot hear announcements (its connection is being re-made). */
  listening?(): boolean;
}
