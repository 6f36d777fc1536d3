import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices, FediverseQueueFullError } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { DatabaseKvStore, DatabaseMessageQueue, MAX_TASK_ATTEMPTS } from './database-stores.js';

/**
 * The federation's store and queue in the site's database: what a restart keeps, what a crash
 * leaves to the next process, and what a full queue refuses.
 */
let db: TestDatabase;
const store = () => createServices(db.orm.em.fork()).fediverseStore;
const rows = async (sql: string) => (await db.orm.em.fork().getConnection().execute(sql)) as Record<string, unknown>[];
const queues: DatabaseMessageQueue[] = [];
/** A queue that looks for work every 20 ms, closed after each test. */
const queue = (claimMs?: number) => {
  const made = new DatabaseMessageQueue(store, { pollMs: 20, claimMs });
  queues.push(made);
  return made;
};

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
}, 120_000);
beforeEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.close()));
  await rows('delete from fediverse_task');
  await rows('delete from fediverse_kv');
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.close()));
  await db?.close();
});

describe('the federation key-value store', () => {
  it('keeps values by key until they expire, and forgets deleted ones', async () => {
    const kv = new DatabaseKvStore(store);
    await kv.set(['actor-keys', 'news'], { publicKey: { kty: 'RSA' } });
    await kv.set(['mark'], '2026-11-28T07:00:00.000Z');
    await kv.set(['_fedify', 'remoteDocument', 'https://a.example/users/x'], { document: 1 }, { ttl: Temporal.Duration.from({ minutes: 5 }) });
    expect(await kv.get(['actor-keys', 'news'])).toEqual({ publicKey: { kty: 'RSA' } });
    expect(await kv.get(['mark'])).toBe('2026-11-28T07:00:00.000Z');
    expect(await kv.get(['_fedify', 'remoteDocument', 'https://a.example/users/x'])).toEqual({ document: 1 });
    // A second store (another process, or this one after a restart) reads the same.
    expect(await new DatabaseKvStore(store).get(['actor-keys', 'news'])).toEqual({ publicKey: { kty: 'RSA' } });

    const key = JSON.stringify(['_fedify', 'remoteDocument', 'https://a.example/users/x']);
    expect(await store().get(key, new Date(Date.now() + 6 * 60_000))).toBeUndefined();
    expect(await store().purgeExpired(new Date(Date.now() + 6 * 60_000))).toBe(1);
    await kv.delete(['mark']);
    expect(await kv.get(['mark'])).toBeUndefined();
  });

  it('keeps no oversized key or value: the entry is simply not cached', async () => {
    expect(await store().set('k'.repeat(3_000), 1, null)).toBe(false);
    expect(await store().set('big', 'x'.repeat(2 * 1024 * 1024), null)).toBe(false);
    expect(await rows('select key from fediverse_kv')).toEqual([]);
  });
});

describe('the federation queue', () => {
  it('hands each queued message to the handler once and deletes it after', async () => {
    const handled: unknown[] = [];
    const q = queue();
    void q.listen((message) => {
      handled.push(message);
    });
    await q.enqueue({ type: 'outbox', n: 1 });
    await q.enqueueMany([{ type: 'outbox', n: 2 }, { type: 'outbox', n: 3 }]);
    await expect.poll(() => handled.length).toBe(3);
    expect(handled).toEqual([{ type: 'outbox', n: 1 }, { type: 'outbox', n: 2 }, { type: 'outbox', n: 3 }]);
    await expect.poll(async () => (await rows('select count(*)::int as n from fediverse_task'))[0].n).toBe(0);
  });

  it('holds a delayed message until it is due', async () => {
    await queue().enqueue({ type: 'outbox', retry: 1 }, { delay: Temporal.Duration.from({ minutes: 10 }) });
    expect(await store().claim(new Date(), 60_000, 10)).toEqual([]);
    expect(await store().claim(new Date(Date.now() + 11 * 60_000), 60_000, 10)).toEqual([expect.objectContaining({ message: { type: 'outbox', retry: 1 } })]);
  });

  it('gives a task a dead process had claimed to the next process once the claim runs out', async () => {
    await store().enqueue([{ type: 'outbox', to: 'https://peer.example/inbox' }], new Date(), new Date());
    // A process claims it and dies before finishing: the row stays, claimed for a short while.
    const [dead] = await store().claim(new Date(), 200, 10);
    expect(dead.message).toEqual({ type: 'outbox', to: 'https://peer.example/inbox' });

    const handled: unknown[] = [];
    void queue().listen((message) => {
      handled.push(message);
    });
    await expect.poll(() => handled, { timeout: 10_000 }).toEqual([{ type: 'outbox', to: 'https://peer.example/inbox' }]);
    await expect.poll(async () => (await rows('select count(*)::int as n from fediverse_task'))[0].n).toBe(0);
  });

  it('gives a task whose handler throws back with a delay, and drops it after its last attempt', async () => {
    const q = queue();
    let calls = 0;
    void q.listen(() => {
      calls++;
      throw new Error('handler failed');
    });
    await q.enqueue({ type: 'inbox' });
    await expect.poll(async () => (await rows('select attempts, due_at > now() as later, claimed_until from fediverse_task'))[0]).toEqual({ attempts: 1, later: true, claimed_until: null });
    expect(calls).toBe(1);

    await rows(`update fediverse_task set due_at = now() - interval '1 second', attempts = ${MAX_TASK_ATTEMPTS}`);
    await expect.poll(async () => (await rows('select count(*)::int as n from fediverse_task'))[0].n).toBe(0);
    expect(calls).toBe(1);
  });

  it('puts back the tasks it had claimed but not started when it stops', async () => {
    let release!: () => void;
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handled: unknown[] = [];
    const q = queue();
    void q.listen(async (message) => {
      handled.push(message);
      await first;
    });
    await q.enqueueMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await expect.poll(() => handled.length).toBe(1);
    const closing = q.close();
    release();
    await closing;
    // The one in hand finished; the other two wait for any process, unclaimed.
    expect(await rows('select message, claimed_until from fediverse_task order by id')).toEqual([
      { message: { n: 2 }, claimed_until: null },
      { message: { n: 3 }, claimed_until: null },
    ]);
  });

  it('claims nothing while the database has no connection free, and goes on once it has', async () => {
    let room = false;
    let asked = 0;
    const handled: unknown[] = [];
    const q = new DatabaseMessageQueue(store, {
      pollMs: 20,
      hasRoom: async () => {
        asked++;
        return room;
      },
    });
    queues.push(q);
    void q.listen((message) => {
      handled.push(message);
    });
    await q.enqueue({ n: 'waits' });
    await expect.poll(() => asked).toBeGreaterThan(3);
    expect(handled).toEqual([]);
    expect(await rows('select claimed_until from fediverse_task')).toEqual([{ claimed_until: null }]);
    room = true;
    await expect.poll(() => handled).toEqual([{ n: 'waits' }]);
  });

  it('refuses a task beyond its cap, whole, and keeps the ones it holds', async () => {
    await rows(`insert into fediverse_task (message, due_at, created_at) select jsonb_build_object('n', g), now() + interval '1 day', now() from generate_series(1, 99999) g`);
    await queue().enqueue({ n: 'last that fits' });
    await expect(queue().enqueueMany([{ n: 'one' }, { n: 'two' }])).rejects.toBeInstanceOf(FediverseQueueFullError);
    expect((await rows('select count(*)::int as n from fediverse_task'))[0].n).toBe(100_000);
  });
});
