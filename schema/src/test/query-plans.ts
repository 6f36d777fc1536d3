import type { LogContext } from '@mikro-orm/core';
import { toNumberedParameters } from '../modules/article/article-rows.js';
import type { TestDatabase } from './test-database.js';

/** A node of PostgreSQL's JSON plan. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * Records the statements the ORM sends (with their parameters) while an action runs. Call once per
 * database, before the tests; the returned function runs `action` and gives what it sent that
 * matches `pattern`.
 */
export function statementRecorder(db: TestDatabase) {
  let captured: LogContext[] | null = null;
  const logger = db.orm.config.getLogger();
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (context: LogContext) => {
    captured?.push(context);
    logQuery(context);
  };
  return async (action: () => Promise<unknown>, pattern: RegExp): Promise<LogContext[]> => {
    captured = [];
    try {
      await action();
      return captured.filter((c) => pattern.test(c.query ?? ''));
    } finally {
      captured = null;
    }
  };
}

let prepared = 0;

/** The plan of a statement as the site runs it: a read prepared on PostgreSQL (after six runs), otherwise with its values inlined. */
export async function planOf(db: TestDatabase, statement: LogContext): Promise<PlanNode[]> {
  const params = [...(statement.params ?? [])];
  const rows =
    db.target.kind === 'postgres' && /^\s*select\b/i.test(statement.query ?? '')
      ? await db.orm.em.fork().transactional(async (em) => {
          // One session: a prepared statement lives on its connection.
          const connection = em.getConnection();
          const context = em.getTransactionContext();
          const name = `explain_${++prepared}`;
          const values = params.length ? connection.getPlatform().formatQuery(`(${params.map(() => '?').join(', ')})`, params) : '';
          await connection.execute(`prepare ${name} as ${toNumberedParameters(statement.query ?? '')}`, [], 'run', context);
          for (let run = 0; run < 6; run++) await connection.execute(`execute ${name}${values}`, [], 'all', context);
          const plan = await connection.execute(`explain (format json) execute ${name}${values}`, [], 'all', context);
          await connection.execute(`deallocate ${name}`, [], 'run', context);
          return plan as Record<string, unknown>[];
        })
      : ((await db.orm.em.getConnection().execute(`explain (format json) ${statement.query}`, params)) as Record<string, unknown>[]);
  return planNodes(rows);
}

/** Every node of the plan an `explain (format json)` returned (PGlite gives its JSON as text). */
export function planNodes(rows: Record<string, unknown>[]): PlanNode[] {
  const raw = Object.values(rows[0])[0];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodesOf(json[0].Plan);
}
