import type { LogContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { FediverseStoreService, MAX_QUEUED_TASKS } from './fediverse-store.service.js';

/**
 * The delivery queue's claim, which every process runs every second, on a full queue
 * (MAX_QUEUED_TASKS tasks, nearly all due later, as retries are): it reads the due ones through its
 * index, never the whole table. The statement is the one the service sends, with its values.
 */
let db: TestDatabase;
let captured: LogContext[] | null = null;

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
  const logger = db.orm.config.getLogger();
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (context: LogContext) => {
    captured?.push(context);
    logQuery(context);
  };
}, 300_000);
afterAll(async () => {
  await db?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the delivery queue at its cap', () => {
  it('claims the due tasks through its due-time index, without reading the table whole', async () => {
    captured = [];
    const claimed = await new FediverseStoreService(db.orm.em.fork()).claim(new Date(), 60_000, 10);
    const [statement] = captured.filter((c) => /^\s*update fediverse_task/i.test(c.query ?? ''));
    captured = null;
    expect(claimed).toHaveLength(5);
    const rows = (await db.orm.em.getConnection().execute(`explain (format json) ${statement.query}`, [...(statement.params ?? [])])) as Record<string, unknown>[];
    const raw = Object.values(rows[0])[0];
    const nodes = nodesOf(((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'fediverse_task')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'fediverse_task_due_at_index')).toBe(true);
  });
});
