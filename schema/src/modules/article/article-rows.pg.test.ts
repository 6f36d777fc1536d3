import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * Readers' reads on PostgreSQL are named prepared statements (decision 036); inside a transaction
 * they stay on its connection. The plans they keep are checked in article.explain.test.ts.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe("readers' reads on PostgreSQL", () => {
  it('are sent as named prepared statements, one name per statement text, with numbered parameters', async () => {
    const connection = db.orm.em.getConnection('read');
    expect(connection).toBeInstanceOf(PostgreSqlConnection);
    const pool = await (connection as PostgreSqlConnection).getNativeClient();
    const query = vi.spyOn(pool, 'query');
    try {
      const services = createServices(db.orm.em.fork());
      const first = await services.articles.page({ first: 5 });
      const again = await services.articles.page({ first: 5 });
      await services.breakingNews.list();
      expect(again.nodes.map((a) => a.id)).toEqual(first.nodes.map((a) => a.id));
      const sent = query.mock.calls.map(([config]) => config as unknown as { name?: string; text: string; values: unknown[] });
      expect(sent).toHaveLength(3);
      for (const statement of sent) {
        expect(statement.name).toMatch(/^reader_read_\d+$/);
        expect(statement.text).toContain('$1');
        expect(statement.text).not.toContain('?');
        expect(statement.values.length).toBeGreaterThan(0);
      }
      expect(sent[1].name).toBe(sent[0].name);
      expect(sent[2].name).not.toBe(sent[0].name);
    } finally {
      query.mockRestore();
    }
  });

  it("inside a transaction run on its connection, and see the transaction's own rows", async () => {
    const fork = db.orm.em.fork();
    const [latest] = (await createServices(fork).articles.page({ first: 1 })).nodes;
    await fork.transactional(async (em) => {
      await em.getConnection().execute(`update article set title = 'Renamed inside the transaction' where id = ?`, [latest.id], 'run', em.getTransactionContext());
      const inside = await createServices(em).articles.findById(latest.id);
      expect(inside?.title).toBe('Renamed inside the transaction');
      // Not committed: another connection still reads the old title.
      expect((await createServices(db.orm.em.fork()).articles.findById(latest.id))?.title).toBe(latest.title);
      throw new RollBack();
    }).catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
    expect((await createServices(db.orm.em.fork()).articles.findById(latest.id))?.title).toBe(latest.title);
  });
});

class RollBack extends Error {}
