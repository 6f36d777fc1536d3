import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, statementRecorder } from '../../test/query-plans.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { FediverseStoreService, MAX_QUEUED_TASKS } from './fediverse-store.service.js';

/**
 * The delivery queue's claim, which every process runs every second, on a full queue
 * (MAX_QUEUED_TASKS tasks, nearly all due later, as retries are): it reads the due ones through its
 * index, never the whole table. The statement is the one the service sends, with its values.
 */
let db: TestDatabase;
let recorded: ReturnType<typeof statementRecorder>;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  const connection = db.orm.em.getConnection();
  await connection.execute(
    `insert into fediverse_task (message, due_at, created_at)
     select jsonb_build_object('n', g), now() + make_interval(mins => g % 600) + interval '1 minute', now()
     from generate_series(1, ${MAX_QUEUED_TASKS - 5}) as g`,
  );
  await connection.execute(`insert into fediverse_task (message, due_at, created_at) select jsonb_build_object('due', g), now() - interval '1 second', now() from generate_series(1, 5) as g`);
  await connection.execute('vacuum analyze fediverse_task');
  recorded = statementRecorder(db);
}, 300_000);
afterAll(async () => {
  await db?.close();
});

describe('the delivery queue at its cap', () => {
  it('claims the due tasks through its due-time index, without reading the table whole', async () => {
    let claimed: unknown[] = [];
    const [statement] = await recorded(async () => {
      claimed = await new FediverseStoreService(db.orm.em.fork()).claim(new Date(), 60_000, 10);
    }, /^\s*update fediverse_task/i);
    expect(claimed).toHaveLength(5);
    const nodes = await planOf(db, statement);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'fediverse_task')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'fediverse_task_due_at_index')).toBe(true);
  });
});
