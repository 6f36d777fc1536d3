import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { PGLITE_SHARED_BUFFERS } from './orm.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db.close());

describe('the embedded database', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)('keeps PostgreSQL shared buffers small inside the process (not the default 128 MB)', async () => {
    const [row] = (await db.orm.em.getConnection().execute('show shared_buffers')) as { shared_buffers: string }[];
    expect(row.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
  });
});
