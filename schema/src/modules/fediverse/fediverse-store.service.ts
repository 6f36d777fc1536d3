import type { EntityManager } from '@mikro-orm/core';

/** The longest key kept (a remote document's is its URL); a longer one is neither kept nor found. */
export const MAX_KV_KEY_CHARS = 2_100;
/** The largest value kept, as JSON; a larger one is not kept (a cache entry is then fetched again). */
export const MAX_KV_VALUE_BYTES = 1024 * 1024;
/** Deliveries and received activities waiting at most: beyond, a new one is refused (FediverseQueueFullError). */
export const MAX_QUEUED_TASKS = 100_000;
/** Expired entries deleted per purge. */
const PURGE_LIMIT = 1_000;

export interface ClaimedTask {
  id: string;
  message: unknown;
  /** Claims so far, this one included. */
  attempts: number;
}

/** The delivery queue holds MAX_QUEUED_TASKS already: the sender is told, nothing is half queued. */
export class FediverseQueueFullError extends Error {
  constructor() {
    super(`The federation's delivery queue is full (${MAX_QUEUED_TASKS} tasks waiting)`);
    this.name = 'FediverseQueueFullError';
  }
}

/** The value as JSON, or null when the key or the value is too long to keep. */
function storable(key: string, value: unknown): string | null {
  const json = JSON.stringify(value);
  return key.length > MAX_KV_KEY_CHARS || json === undefined || Buffer.byteLength(json) > MAX_KV_VALUE_BYTES ? null : json;
}

/**
 * The federation's key-value store and task queue, in the site's own database on PGlite and
 * PostgreSQL alike: actor keys, the publish mark and cached remote documents survive a restart, and a
 * task is deleted only once it was handled, so a process that dies mid-delivery leaves it to the next
 * claim (at least once; a claim lasts `claimMs`).
 */
export class FediverseStoreService {
  constructor(private readonly em: EntityManager) {}

  async get(key: string, now: Date): Promise<unknown> {
    if (key.length > MAX_KV_KEY_CHARS) return undefined;
    const [row]: { value: unknown }[] = await this.em
      .getConnection('write')
      .execute('select value from fediverse_kv where key = ? and (expires_at is null or expires_at > ?)', [key, now]);
    // jsonb arrives parsed.
    return row ? row.value : undefined;
  }

  /** False when not kept: the key or the value is too long. */
  async set(key: string, value: unknown, expiresAt: Date | null): Promise<boolean> {
    const json = storable(key, value);
    if (json === null) return false;
    await this.em
      .getConnection('write')
      .execute(
        'insert into fediverse_kv (key, value, expires_at) values (?, ?::jsonb, ?) on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at',
        [key, json, expiresAt],
        'run',
      );
    return true;
  }

  /**
   * Sets the value only if the key holds `expected` (undefined: only if it holds nothing, or an
   * expired value); whether it was set. Two processes creating the same entry at once keep one.
   */
  async compareAndSet(key: string, expected: unknown, value: unknown, expiresAt: Date | null, now: Date): Promise<boolean> {
    const json = storable(key, value);
    if (json === null) return false;
    const connection = this.em.getConnection('write');
    const rows: unknown[] =
      expected === undefined
        ? await connection.execute(
            `insert into fediverse_kv (key, value, expires_at) values (?, ?::jsonb, ?)
             on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
             where fediverse_kv.expires_at is not null and fediverse_kv.expires_at <= ?
             returning key`,
            [key, json, expiresAt, now],
            'all',
          )
        : await connection.execute(
            'update fediverse_kv set value = ?::jsonb, expires_at = ? where key = ? and value = ?::jsonb and (expires_at is null or expires_at > ?) returning key',
            [json, expiresAt, key, JSON.stringify(expected), now],
            'all',
          );
    return rows.length > 0;
  }

  async delete(key: string): Promise<void> {
    await this.em.getConnection('write').execute('delete from fediverse_kv where key = ?', [key], 'run');
  }

  /** Deletes expired entries, at most PURGE_LIMIT; how many went. */
  async purgeExpired(now: Date): Promise<number> {
    const rows: unknown[] = await this.em
      .getConnection('write')
      .execute('delete from fediverse_kv where key in (select key from fediverse_kv where expires_at <= ? limit ?) returning key', [now, PURGE_LIMIT], 'all');
    return rows.length;
  }

  /** Queues the messages, due at `dueAt`, all or none (FediverseQueueFullError). */
  async enqueue(messages: unknown[], dueAt: Date, now: Date): Promise<void> {
    if (messages.length === 0) return;
    const rows: unknown[] = await this.em.getConnection('write').execute(
      `insert into fediverse_task (message, due_at, created_at)
       select m, ?, ? from jsonb_array_elements(?::jsonb) as m
       where (select count(*) from fediverse_task) + ? <= ?
       returning id`,
      [dueAt, now, JSON.stringify(messages), messages.length, MAX_QUEUED_TASKS],
      'all',
    );
    if (rows.length === 0) throw new FediverseQueueFullError();
  }

  /**
   * Claims up to `limit` due tasks for `claimMs`, oldest first; rows another process is claiming
   * are skipped, and a claim that ran out (its process died) is claimed again.
   */
  async claim(now: Date, claimMs: number, limit: number): Promise<ClaimedTask[]> {
    const rows: { id: string | number; message: unknown; attempts: number }[] = await this.em.getConnection('write').execute(
      `update fediverse_task set claimed_until = ?, attempts = attempts + 1
       where id in (select id from fediverse_task where due_at <= ? and (claimed_until is null or claimed_until <= ?)
                    order by due_at, id limit ? for update skip locked)
       returning id, message, attempts`,
      [new Date(now.getTime() + claimMs), now, now, limit],
      'all',
    );
    return rows.map((r) => ({ id: String(r.id), message: r.message, attempts: r.attempts })).sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** A handled task is gone. */
  async finish(id: string): Promise<void> {
    await this.em.getConnection('write').execute('delete from fediverse_task where id = ?', [id], 'run');
  }

  /** A task whose handler failed waits until `dueAt`, then anyone may claim it. */
  async retryAt(id: string, dueAt: Date): Promise<void> {
    await this.em.getConnection('write').execute('update fediverse_task set due_at = ?, claimed_until = null where id = ?', [dueAt, id], 'run');
  }

  async waiting(): Promise<number> {
    const [row]: { n: number | string }[] = await this.em.getConnection('write').execute('select count(*) as n from fediverse_task');
    return Number(row?.n ?? 0);
  }
}
