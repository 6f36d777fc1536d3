import type { KvKey, KvStore, KvStoreSetOptions, MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { FediverseStoreService } from '../../../schema/src/index.js';

/** Each call gets the store on a fresh unit of work: nothing accumulates in a long-lived one. */
export type FediverseStore = () => FediverseStoreService;

/** Entries written between two purges of expired ones. */
const SETS_PER_PURGE = 200;

/** When an entry set now with these options expires (null: never). */
function expiry(options: KvStoreSetOptions | undefined, now: Date): Date | null {
  const ttlMs = options?.ttl?.total({ unit: 'millisecond' });
  return ttlMs === undefined ? null : new Date(now.getTime() + ttlMs);
}

/** Fedify's key-value store as rows of `fediverse_kv` (decision 131). */
export class DatabaseKvStore implements KvStore {
  #sets = 0;

  constructor(
    private readonly store: FediverseStore,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    return (await this.store().get(JSON.stringify(key), new Date())) as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await this.store().set(JSON.stringify(key), value, expiry(options, new Date()));
    if (++this.#sets % SETS_PER_PURGE === 0) this.store().purgeExpired(new Date()).catch(this.onError);
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const now = new Date();
    return this.store().compareAndSet(JSON.stringify(key), expectedValue, newValue, expiry(options, now), now);
  }

  async delete(key: KvKey): Promise<void> {
    await this.store().delete(JSON.stringify(key));
  }
}

export interface DatabaseQueueOptions {
  /** How often an idle listener looks for tasks queued by other processes or due later (default 1 s). */
  pollMs?: number;
  /** How long a claim lasts before another listener may take the task (default 5 minutes). */
  claimMs?: number;
  /** Tasks claimed at once (default 10). */
  batch?: number;
  onError?: (error: unknown, what: string) => void;
  /** Whether the database has a connection free and nobody waiting: the queue claims only then (default always). */
  hasRoom?: () => Promise<boolean>;
}

/** Claims of one task after which it is dropped: a task that kills or fails its handler every time. */
export const MAX_TASK_ATTEMPTS = 10;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;
const OUTAGE_POLL_MAX_MS = 30_000;

/**
 * Fedify's queue as rows of `fediverse_task` (decision 131): a task is deleted once its handler
 * returned, so a process that dies mid-delivery leaves it for the next claim; a handler that throws
 * gets it back with backoff. Fedify itself retries failed deliveries by queuing them again, delayed.
 */
export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #pollMs: number;
  readonly #claimMs: number;
  readonly #batch: number;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #hasRoom: () => Promise<boolean>;
  readonly #stopped = new AbortController();
  readonly #waiters = new Set<() => void>();
  readonly #listening = new Set<Promise<void>>();

  constructor(
    private readonly store: FediverseStore,
    { pollMs = 1_000, claimMs = 300_000, batch = 10, onError = () => {}, hasRoom = async () => true }: DatabaseQueueOptions = {},
  ) {
    this.#pollMs = pollMs;
    this.#claimMs = claimMs;
    this.#batch = batch;
    this.#onError = onError;
    this.#hasRoom = hasRoom;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  async enqueueMany(messages: unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = Math.max(0, options?.delay?.total({ unit: 'millisecond' }) ?? 0);
    const now = new Date();
    await this.store().enqueue(messages, new Date(now.getTime() + delayMs), now);
    if (delayMs === 0) this.#wake();
  }

  listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}): Promise<void> {
    const signal = options.signal ? AbortSignal.any([options.signal, this.#stopped.signal]) : this.#stopped.signal;
    const loop = this.#loop(handler, signal).finally(() => this.#listening.delete(loop));
    this.#listening.add(loop);
    return loop;
  }

  /** Stops every listener after the task in hand (an orderly stop leaves no claim behind). */
  async close(): Promise<void> {
    this.#stopped.abort();
    this.#wake();
    await Promise.all(this.#listening);
  }

  async #loop(handler: (message: unknown) => Promise<void> | void, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      let claimed: Awaited<ReturnType<FediverseStoreService['claim']>>;
      try {
        // Deliveries yield to readers: with every connection busy, the queue waits for the next poll
        // rather than taking a place in the requests' queue for a connection.
        if (!(await this.#hasRoom())) {
          await this.#idle(signal, this.#pollMs);
          continue;
        }
        claimed = await this.store().claim(new Date(), this.#claimMs, this.#batch);
        failures = 0;
      } catch (error) {
        // A database outage is said once, and looked at less and less often (up to every 30 s), not every poll.
        if (failures++ === 0) this.#onError(error, 'claiming federation tasks failed; tried again until the database answers');
        await this.#idle(signal, Math.min(OUTAGE_POLL_MAX_MS, this.#pollMs * 2 ** failures));
        continue;
      }
      for (const [index, task] of claimed.entries()) {
        if (signal.aborted) {
          // Not started: back to the queue at once rather than at the end of the claim.
          await Promise.all(claimed.slice(index).map((t) => this.store().retryAt(t.id, new Date()).catch((error: unknown) => this.#onError(error, 'releasing a federation task failed'))));
          return;
        }
        await this.#handle(handler, task);
      }
      if (claimed.length < this.#batch && !signal.aborted) await this.#idle(signal, this.#pollMs);
    }
  }

  async #handle(handler: (message: unknown) => Promise<void> | void, task: { id: string; message: unknown; attempts: number }): Promise<void> {
    if (task.attempts > MAX_TASK_ATTEMPTS) {
      this.#onError(new Error(`dropped after ${MAX_TASK_ATTEMPTS} claims`), 'a federation task failed for the last time');
      await this.store().finish(task.id).catch((error: unknown) => this.#onError(error, 'dropping a federation task failed'));
      return;
    }
    try {
      await handler(task.message);
    } catch (error) {
      this.#onError(error, 'a federation task failed; it is tried again later');
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (task.attempts - 1));
      await this.store().retryAt(task.id, new Date(Date.now() + delay)).catch((e: unknown) => this.#onError(e, 'rescheduling a federation task failed'));
      return;
    }
    // Handled: if this delete fails, the task runs again when its claim ends (at least once).
    await this.store().finish(task.id).catch((error: unknown) => this.#onError(error, 'finishing a federation task failed'));
  }

  /** Until a task is queued here, the poll interval passes (other processes' tasks, delayed ones), or the stop. */
  async #idle(signal: AbortSignal, ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
