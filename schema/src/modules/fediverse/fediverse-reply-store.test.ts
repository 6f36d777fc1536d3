import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { FediverseReplyStore, MAX_REPLIES_PER_ARTICLE } from './fediverse-reply-store.js';
import type { FediverseReplyRecord } from './fediverse-reply.service.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const store = () => new FediverseReplyStore(db.orm.em.fork());
const reply = (n: number): FediverseReplyRecord => ({
  id: `https://aus.social/users/ann/statuses/${n}`,
  authorName: `Ann ${n}`,
  authorUrl: 'https://aus.social/@ann',
  server: 'aus.social',
  text: `Reply ${n}`,
  published: '2026-11-28T01:00:00Z',
  approved: false,
});

describe('replies kept for a story', () => {
  it('keeps every reply of many arriving at once, each once, beside an editor approving and removing others', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, n) => store().add(7, reply(n))));
    await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => store().add(7, reply(100 + n))),
      store().approve(7, reply(1).id),
      store().remove(7, reply(2).id),
      // A redelivered reply stays one.
      store().add(7, reply(3)),
    ]);
    const kept = await store().replies(7);
    expect(kept).toHaveLength(39);
    expect(kept.find((r) => r.id === reply(1).id)?.approved).toBe(true);
    expect(kept.some((r) => r.id === reply(2).id)).toBe(false);
    expect(await store().approve(7, 'https://elsewhere.example/notes/1')).toBeNull();
    expect(await store().replies(8)).toEqual([]);
  });

  it(`stores at most ${MAX_REPLIES_PER_ARTICLE} per story`, async () => {
    for (let n = 0; n < MAX_REPLIES_PER_ARTICLE; n++) await store().add(9, reply(n));
    expect(await store().add(9, reply(MAX_REPLIES_PER_ARTICLE))).toBe(false);
    expect(await store().replies(9)).toHaveLength(MAX_REPLIES_PER_ARTICLE);
  });
});
