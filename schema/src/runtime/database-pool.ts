import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { POOL_ACQUIRE_TIMEOUT, POOL_QUEUE_FULL } from '../lib/database-errors.js';
import type { DatabaseTarget } from './database-target.js';

/**
 * How requests share the database's connections. A burst beyond `size` waits in a bounded queue
 * for a bounded time instead of failing while the database is healthy; a full queue, or a wait
 * past `acquireTimeoutMs`, is refused (503, "busy"). `connectTimeoutMs` is separate: how fast an
 * unreachable server is recognised (503, "unavailable"), however long a request may queue.
 */
export interface PoolSettings {
  /** Connections to PostgreSQL (PGlite is one in-process session: always 1). */
  size: number;
  /** How long a request may wait for a connection when all are in use. */
  acquireTimeoutMs: number;
  /** How many requests may wait for a connection at once; more are refused at once. */
  queueLimit: number;
  /** How long opening one connection may take before the server counts as unreachable. */
  connectTimeoutMs: number;
  /**
   * How long one statement may run: the server cancels it then (statement_timeout: 503, "cancelled"),
   * and a connection that has not answered a second later counts as dead (a silently dropped
   * network): the request gets a 503 and the connection is discarded, never reused. A transaction
   * idle for six times this is ended by the server. 0: no limit (migrations, which may rebuild
   * large indexes).
   */
  queryTimeoutMs: number;
}

/** Defaults per database: PostgreSQL's server takes ten connections per process; PGlite has one session. */
export const DEFAULT_POOL_SETTINGS: Record<DatabaseTarget['kind'], PoolSettings> = {
  postgres: { size: 10, acquireTimeoutMs: 10_000, queueLimit: 200, connectTimeoutMs: 3_000, queryTimeoutMs: 15_000 },
  pglite: { size: 1, acquireTimeoutMs: 10_000, queueLimit: 200, connectTimeoutMs: 3_000, queryTimeoutMs: 15_000 },
};

/** The part of pg's Pool this file relies on (pg-pool 3). */
interface PgPool {
  options: Record<string, unknown> & { max?: number };
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  Client: new (config: Record<string, unknown>) => PgClient;
  connect(callback?: (...args: unknown[]) => void): Promise<unknown> | void;
  /** pg-pool's idle connections and its way to drop one (internals, used to drop dead connections). */
  _idle?: { client: PgClientInternals }[];
  _remove?(client: PgClientInternals): void;
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

/** pg's own fields this file touches to discard a connection that stopped answering. */
interface PgClientInternals {
  _ending?: boolean;
  connection?: { stream?: { destroy(): void } };
  /** pg-pool's, while the connection is checked out. */
  release?: (error?: Error) => void;
}

/** pg's words when no answer came within query_timeout. */
const READ_TIMEOUT = /Query read timeout/;

/** Milliseconds between the server's statement_timeout and the driver giving up on the connection. */
const DEAD_CONNECTION_GRACE_MS = 1_000;

/**
 * How many statement timeouts a transaction may sit idle (its client working between statements)
 * before the server ends it: 30 s by default. A transaction that waits on the network by design
 * (the outbox sending mail) turns it off for itself.
 */
const IDLE_TRANSACTION_FACTOR = 6;

/** Every connection the pool may open is open and checked out: a new acquire waits in its queue. */
function everyConnectionInUse(pool: PgPool, size: number): boolean {
  return pool.totalCount >= (pool.options.max ?? size) && pool.idleCount === 0;
}

function poolError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Bounds the pool's wait queue and tells a queue timeout (the database is healthy but busy) from a
 * connection timeout (the database is unreachable), and gives each new connection the short
 * connect timeout while queued requests wait the acquire timeout.
 */
export function boundPool(pool: PgPool, settings: PoolSettings): void {
  const Base = pool.Client;
  pool.Client = class FastConnectClient extends Base {
    constructor(config: Record<string, unknown>) {
      super({ ...config, connectionTimeoutMillis: settings.connectTimeoutMs });
    }

    // A statement that got no answer at all leaves its connection waiting for it forever (the
    // network dropped it silently): that connection is discarded, so it fails no later request.
    override query(...args: Parameters<PgClient['query']>): ReturnType<PgClient['query']> {
      const result = super.query(...args);
      if (typeof (result as Promise<unknown> | undefined)?.then === 'function') {
        result.catch((error: unknown) => {
          if (!(error instanceof Error && READ_TIMEOUT.test(error.message))) return;
          const client = this as unknown as PgClientInternals;
          discard(client);
          // Handed back to the pool (which drops it) at once: a transaction whose COMMIT or ROLLBACK
          // fails never releases its connection (Kysely), which would hold a pool slot for good.
          const release = client.release;
          if (release) {
            client.release = () => undefined;
            release.call(client, error);
          }
          // The idle ones most likely lost the same network: new connections replace them on demand.
          for (const idle of [...(pool._idle ?? [])]) {
            discard(idle.client);
            pool._remove?.(idle.client);
          }
        });
      }
      return result;
    }
  };
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    // The callback form is pg's own (pool.query); the ORM acquires with the promise form.
    if (callback) return connect(callback);
    const queued = everyConnectionInUse(pool, settings.size);
    if (queued && pool.waitingCount >= settings.queueLimit) {
      return Promise.reject(poolError(POOL_QUEUE_FULL, `all ${settings.size} database connections are in use and ${settings.queueLimit} requests are waiting`));
    }
    return (connect() as Promise<unknown>).catch((error: Error) => {
      if (queued && /timeout exceeded when trying to connect/.test(error.message)) {
        throw poolError(POOL_ACQUIRE_TIMEOUT, `no database connection became free within ${settings.acquireTimeoutMs} ms`);
      }
      throw error;
    });
  }) as PgPool['connect'];
}

/** Marks a connection as ending (the pool removes it when it is released) and drops its socket. */
function discard(client: PgClientInternals): void {
  client._ending = true;
  client.connection?.stream?.destroy();
}

/** A name for this process's connections, so it can cancel exactly its own work at shutdown. */
export function newApplicationName(): string {
  return `technews-${process.pid}-${randomUUID().slice(0, 8)}`;
}

/** driverOptions for PostgreSQL: connect, acquire and statement timeouts, keepalive, the bounded queue, the connections' name. */
export function postgresDriverOptions(settings: PoolSettings, applicationName = newApplicationName()): Record<string, unknown> {
  return {
    // pg-pool uses this for the wait in its queue; each connection gets connectTimeoutMs (boundPool).
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    ...(settings.queryTimeoutMs > 0
      ? {
          statement_timeout: settings.queryTimeoutMs,
          query_timeout: settings.queryTimeoutMs + DEAD_CONNECTION_GRACE_MS,
          // A transaction whose client vanished mid-way ends on the server too, releasing its locks.
          idle_in_transaction_session_timeout: settings.queryTimeoutMs * IDLE_TRANSACTION_FACTOR,
        }
      : { statement_timeout: 0 }),
    // An idle connection whose peer vanished is noticed by the kernel's probes instead of by the next request.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: applicationName,
    onPoolCreated: (pool: PgPool) => boundPool(pool, settings),
  };
}

/**
 * Whether a connection is free now and no request waits for one: background work (the federation's
 * queue) claims only then, so it never takes a place in the readers' queue. PGlite: always (its one
 * session queues in the process).
 */
export async function databaseHasRoom(orm: MikroORM): Promise<boolean> {
  const connection = orm.em.getConnection();
  if (!(connection instanceof PostgreSqlConnection)) return true;
  const pool = (await connection.getNativeClient()) as unknown as PgPool;
  return pool.waitingCount === 0 && !everyConnectionInUse(pool, 1);
}

export interface CancelReport {
  /** Statements that were running and got pg_cancel_backend. */
  cancelled: number;
  /** Sessions idle inside a transaction that were ended (their transaction rolls back). */
  terminated: number;
}

/**
 * Stops this process's database work at once, on the server side: running statements are
 * cancelled (their transactions roll back) and sessions idle inside a transaction are ended, so no
 * transaction that has not yet sent COMMIT can commit afterwards. Used when the shutdown timeout
 * passes. A COMMIT already running finishes; its request still gets its answer. PGlite runs in
 * this process: closing it (orm.close) discards any open transaction, so there is nothing to do.
 */
export async function cancelDatabaseWork(orm: MikroORM, timeoutMs = 1_000): Promise<CancelReport> {
  const connection = orm.em.getConnection();
  if (!(connection instanceof PostgreSqlConnection)) return { cancelled: 0, terminated: 0 };
  // pg's pool, read through the fields this file types itself (PgPool).
  const native: unknown = await connection.getNativeClient();
  const pool = native as PgPool;
  const applicationName = pool.options.application_name;
  if (typeof applicationName !== 'string') return { cancelled: 0, terminated: 0 };
  // A connection of its own: the pool's may all be held by the statements to cancel.
  const client = new pool.Client({ ...pool.options, application_name: `${applicationName}-cancel`, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select
         count(*) filter (where case when state = 'active' then pg_cancel_backend(pid) else false end) as cancelled,
         count(*) filter (where case when state like 'idle in transaction%' then pg_terminate_backend(pid) else false end) as terminated
       from pg_stat_activity
       where application_name = $1 and pid <> pg_backend_pid()`,
      [applicationName],
    );
    return { cancelled: Number(rows[0]?.cancelled ?? 0), terminated: Number(rows[0]?.terminated ?? 0) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
