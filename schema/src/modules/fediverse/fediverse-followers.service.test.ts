import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { FediverseFollowersService } from './fediverse-followers.service.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const follower = (n: number) => ({ id: `https://aus.social/users/reader${n}`, inbox: `https://aus.social/users/reader${n}/inbox`, sharedInbox: 'https://aus.social/inbox' });
const service = () => new FediverseFollowersService(db.orm.em.fork());

describe('the followers of an account', () => {
  it('keeps every one of many Follows arriving at once, each once, and Undos arriving beside them remove only their own', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, n) => service().add('news', follower(n))));
    // The same Follow again (a retried delivery): still one row.
    await Promise.all([service().add('news', follower(3)), service().add('news', follower(3))]);
    expect(await service().count('news')).toBe(30);
    await Promise.all([...Array.from({ length: 10 }, (_, n) => service().remove('news', follower(n).id)), ...Array.from({ length: 10 }, (_, n) => service().add('news', follower(100 + n)))]);
    const kept = (await service().list('news')).map((f) => f.id);
    expect(kept).toHaveLength(30);
    expect(kept).not.toContain(follower(0).id);
    expect(kept).toContain(follower(105).id);
    expect((await service().counts()).get('news')).toBe(30);
    expect(await service().count('cybersecurity')).toBe(0);
  });

  it('stores no follower whose URLs are too long to be real', async () => {
    expect(await service().add('news', { ...follower(999), id: `https://aus.social/${'x'.repeat(2_000)}` })).toBe(false);
    expect(await service().count('news')).toBe(30);
  });
});
