import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './database-pool.js';
import { describeTarget, type DatabaseTarget } from './database-target.js';
import { createOrm, migrate, type Orm } from './orm.js';
import { readFromPrimary } from './read-replicas.js';
import { seedDatabase } from '../seeders/database-seeder.js';

export interface DatabaseReady {
  orm: Orm;
  seeded: boolean;
  /** Migrations applied by this start. */
  migrations: string[];
  description: string;
}

/** Opens the database, applies pending migrations and seeds launch content into an empty one. */
export async function openDatabase(target: DatabaseTarget, options: { seed?: boolean; pool?: PoolSettings } = {}): Promise<DatabaseReady> {
  // Migrations may rebuild large indexes: on PostgreSQL they run on connections of their own
  // without the serving pool's statement timeout.
  let migrations: string[] = [];
  if (target.kind === 'postgres') {
    const migrator = await createOrm(target, {}, { ...(options.pool ?? DEFAULT_POOL_SETTINGS.postgres), size: 1, queryTimeoutMs: 0 });
    try {
      migrations = await readFromPrimary(() => migrate(migrator));
    } finally {
      await migrator.close(true);
    }
  }
  const orm = await createOrm(target, {}, options.pool);
  try {
    // On the primary: whether the database is empty is its answer, not a replica's.
    if (target.kind !== 'postgres') migrations = await readFromPrimary(() => migrate(orm));
    const seeded = options.seed === false ? false : await readFromPrimary(() => seedDatabase(orm.em.fork()));
    return { orm, seeded, migrations, description: describeTarget(target) };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}
