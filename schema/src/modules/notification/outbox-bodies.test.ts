import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { BODY_GRACE_MS, OutboxService, SHARED_BODY_MAX_ATTEMPTS } from './outbox.service.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db.close());
beforeEach(async () => {
  const em = db.orm.em.fork();
  await em.nativeDelete(OutboxMessage, {});
  await em.getConnection().execute('delete from outbox_body');
});

const NOW = new Date('2030-07-15T00:00:00Z');
const outbox = () => new OutboxService(db.orm.em.fork());
const OLD = new Date(NOW.getTime() - BODY_GRACE_MS - 60_000);

/** A stored body dated `createdAt` (the real clock dates them; tests set it). */
async function body(createdAt = OLD): Promise<number> {
  const id = await outbox().storeBody('<p>Stories __BODY_SLOT__</p>', 'Stories __BODY_SLOT__');
  await db.orm.em.fork().getConnection().execute('update outbox_body set created_at = ? where id = ?', [createdAt, id]);
  return id;
}

async function message(bodyId: number | null, state: { sentAt?: Date | null; givenUpAt?: Date | null; attempts?: number } = {}): Promise<number> {
  const em = db.orm.em.fork();
  const row = em.create(OutboxMessage, {
    kind: bodyId === null ? 'inquiry-notification' : 'newsletter-digest',
    payload: { to: 'reader@example.com', subject: 'Digest', text: '', ...(bodyId === null ? {} : { body: { id: bodyId, slot: 'token' } }) },
    nextAttemptAt: NOW,
    sentAt: state.sentAt ?? null,
    givenUpAt: state.givenUpAt ?? null,
    attempts: state.attempts ?? 0,
  });
  await em.flush();
  return row.id;
}

const bodies = async () => ((await db.orm.em.fork().getConnection().execute('select id from outbox_body order by id')) as { id: number }[]).map((r) => r.id);

describe('OutboxService.purgeBodies', () => {
  it('keeps a body a waiting message names, and deletes one whose messages were all sent, given up or dropped', async () => {
    const waiting = await body();
    await message(waiting, { sentAt: NOW });
    await message(waiting);
    const sent = await body();
    await message(sent, { sentAt: NOW });
    await message(sent, { sentAt: NOW });
    const givenUp = await body();
    await message(givenUp, { sentAt: NOW });
    await message(givenUp, { givenUpAt: NOW, attempts: SHARED_BODY_MAX_ATTEMPTS });
    await body(); // named by no message

    expect(await outbox().purgeBodies(NOW)).toBe(3);
    expect(await bodies()).toEqual([waiting]);
    // The waiting message can still be sent whole.
    const [pending] = await db.orm.em.fork().find(OutboxMessage, { sentAt: null, givenUpAt: null });
    expect((await outbox().expand(pending.payload)).html).toBe('<p>Stories token</p>');
  });

  it('keeps a body younger than the grace period even when nothing names it yet (a digest stores it before queuing)', async () => {
    const young = await body(new Date(NOW.getTime() - BODY_GRACE_MS + 60_000));
    await body();
    expect(await outbox().purgeBodies(NOW)).toBe(1);
    expect(await bodies()).toEqual([young]);
  });

  it('deletes at most the limit per run, oldest first, and the rest on later runs', async () => {
    const ids = [await body(), await body(), await body(), await body(), await body()];
    expect(await outbox().purgeBodies(NOW, 2)).toBe(2);
    expect(await bodies()).toEqual(ids.slice(2));
    expect(await outbox().purgeBodies(NOW, 2)).toBe(2);
    expect(await outbox().purgeBodies(NOW, 2)).toBe(1);
    expect(await outbox().purgeBodies(NOW, 2)).toBe(0);
    expect(await bodies()).toEqual([]);
  });
});

describe('giving up a message with a shared body', () => {
  it('stops retrying a digest after its last allowed failure, and its body may then go; a plain notification keeps retrying', async () => {
    const shared = await body();
    const digest = await message(shared, { attempts: SHARED_BODY_MAX_ATTEMPTS - 1 });
    const notification = await message(null, { attempts: SHARED_BODY_MAX_ATTEMPTS + 5 });
    const report = await outbox().deliverDue(async () => {
      throw new Error('550 mailbox unavailable');
    }, 'site@example.com.au', NOW);
    expect(report).toEqual({ sent: 0, failed: 2, givenUp: 1 });

    const em = db.orm.em.fork();
    const gone = await em.findOneOrFail(OutboxMessage, { id: digest });
    expect(gone).toMatchObject({ sentAt: null, attempts: SHARED_BODY_MAX_ATTEMPTS, lastError: '550 mailbox unavailable' });
    expect(gone.givenUpAt?.toISOString()).toBe(NOW.toISOString());
    expect((await em.findOneOrFail(OutboxMessage, { id: notification })).givenUpAt).toBeNull();
    // Only the notification still waits, and only it is tried again.
    expect(await outbox().pendingCount()).toBe(1);
    const tried: string[] = [];
    const later = await outbox().deliverDue(async (mail) => void tried.push(mail.subject), 'site@example.com.au', new Date(NOW.getTime() + 7 * 24 * 3_600_000));
    expect(later).toEqual({ sent: 1, failed: 0 });
    expect(await em.fork().findOneOrFail(OutboxMessage, { id: digest })).toMatchObject({ sentAt: null });

    expect(await outbox().purgeBodies(NOW)).toBe(1);
    expect(await bodies()).toEqual([]);
  });

  it('keeps retrying a digest that has failed fewer times', async () => {
    const shared = await body();
    const digest = await message(shared, { attempts: SHARED_BODY_MAX_ATTEMPTS - 2 });
    const report = await outbox().deliverDue(async () => {
      throw new Error('421 try later');
    }, 'site@example.com.au', NOW);
    expect(report).toEqual({ sent: 0, failed: 1 });
    expect((await db.orm.em.fork().findOneOrFail(OutboxMessage, { id: digest })).givenUpAt).toBeNull();
    expect(await outbox().purgeBodies(NOW)).toBe(0);
  });
});
