import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './database-target.js';
import { createOrm, migrate, PGLITE_SHARED_BUFFERS, type Orm } from './orm.js';

// Always the embedded database, whatever TEST_DATABASE_URL names: what `npm start` runs by default.
let orm: Orm;
beforeAll(async () => {
  orm = await createOrm(parseDatabaseUrl('pglite:memory'));
});
afterAll(() => orm.close(true));

describe('the embedded database', () => {
  it('keeps PostgreSQL shared buffers small inside the process (not the default 128 MB)', async () => {
    const [row] = (await orm.em.getConnection().execute('show shared_buffers')) as { shared_buffers: string }[];
    expect(row.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
  });

  it('takes every migration the PostgreSQL server takes', async () => {
    const applied = await migrate(orm);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrate(orm)).toEqual([]);
  });
});
