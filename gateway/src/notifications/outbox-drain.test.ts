import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, OutboxMessage, type TestDatabase } from '../../../schema/src/testing.js';
import type { Mail } from '../../../schema/src/index.js';
import { startOutboxWorker } from './outbox-worker.js';

describe('outbox worker with a long queue', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: false });
  });
  afterAll(() => db.close());

  it('follows a full batch with the next at once, not at the next poll (a digest drains in one go)', async () => {
    const em = db.orm.em.fork();
    for (let i = 0; i < 7; i++) em.create(OutboxMessage, { kind: 'newsletter-digest', payload: { to: `r${i}@example.com`, subject: 'Digest', text: 'Stories.' }, nextAttemptAt: new Date() });
    await em.flush();
    const sent: Mail[] = [];
    // An hour between polls: only the drain can send all seven now.
    const worker = startOutboxWorker({ orm: db.orm, send: async (mail) => void sent.push(mail), from: 'news@example.com', logger: pino({ level: 'silent' }), intervalMs: 3_600_000, batchSize: 2 });
    await expect.poll(() => sent.length).toBe(7);
    await worker.stop();
    expect(new Set(sent.map((m) => m.to)).size).toBe(7);
  });
});
