import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { ContentChangeSubscriber } from './content-changes.js';
import { DEFAULT_POOL_SETTINGS, type PoolSettings, postgresDriverOptions } from './database-pool.js';
import { type DatabaseTarget } from './database-target.js';
import { ReplicaAwarePostgreSqlDriver } from './read-replicas.js';
import { SitePostgreSqlDriver } from './reader-connection.js';
import { entities } from './entities.js';
import './pglite-close.js';
import { migrationsList } from '../migrations/index.js';

export type Orm = MikroORM;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export function buildOrmOptions(target: DatabaseTarget, overrides: Partial<Options> = {}, pool: PoolSettings = DEFAULT_POOL_SETTINGS[target.kind]): Options {
  const common = {
    entities,
    extensions: [Migrator],
    // Migrations are listed in code so the bundled server and the TS sources share them.
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: migrationsFolder,
      pathTs: migrationsFolder,
      migrationsList,
      silent: true,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
    // Search's SQL functions, triggers and term table, and the article tallies (counts per
    // category, id blocks for sitemaps) are written by hand in their migrations: generated
    // migrations must neither drop nor redefine them.
    schemaGenerator: { skipTables: ['search_term', 'article_count', 'article_id_block'], ignoreTriggers: true, ignoreRoutines: true },
    // Caches of pages and API reads hear of every committed change to public content.
    subscribers: [new ContentChangeSubscriber()],
    // Request handlers use forks; touching the global identity map is a bug.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    ...overrides,
  } as Options;
  if (target.kind === 'postgres') {
    // Fail fast when the server is unreachable (connectTimeoutMs: 503 within seconds), but let a
    // burst wait its turn for a connection while the server is healthy (database-pool.ts).
    // Read replicas: reads outside a transaction go to one of them (each with a pool of its own,
    // the same settings), unless this request or moment needs the primary (read-replicas.ts).
    const replicas = target.replicaUrls?.length
      ? { driver: ReplicaAwarePostgreSqlDriver, preferReadReplicas: true, replicas: target.replicaUrls.map((url, i) => ({ name: `replica-${i + 1}`, clientUrl: url })) }
      : { driver: SitePostgreSqlDriver };
    return {
      ...common,
      ...replicas,
      clientUrl: target.url,
      pool: { min: 0, max: pool.size },
      driverOptions: postgresDriverOptions(pool),
    } as Options;
  }
  // PGlite loads contrib extensions only when given to its constructor (search needs all three).
  return {
    ...common,
    driver: PgliteDriver,
    dbName: target.dataDir ?? 'memory://',
    driverOptions: { extensions: { btree_gin, pg_trgm, unaccent }, startParams: PGLITE_START_PARAMS },
  } as Options;
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside the server's own process with PGlite,
 * and are all touched at start: 16 MB keeps the embedded database's resident memory about 170 MB
 * smaller. Its pages are read from the data folder through the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

export async function createOrm(target: DatabaseTarget, overrides: Partial<Options> = {}, pool?: PoolSettings): Promise<Orm> {
  if (target.kind === 'pglite' && target.dataDir) {
    const fs = await import('node:fs/promises');
    await fs.mkdir(path.dirname(target.dataDir), { recursive: true });
  }
  return MikroORM.init(buildOrmOptions(target, overrides, pool));
}

/** Applies pending migrations; the schema is never synced from entities outside tests of migrations. */
export async function migrate(orm: Orm): Promise<string[]> {
  return (await orm.migrator.up()).map((m) => m.name);
}
