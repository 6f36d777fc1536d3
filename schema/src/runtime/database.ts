import { describeTarget, type DatabaseTarget } from './database-target.js';
import { createOrm, migrate, type Orm } from './orm.js';
import { seedDatabase } from '../seeders/database-seeder.js';

export interface DatabaseReady {
  orm: Orm;
  seeded: boolean;
  /** Migrations applied by this start. */
  migrations: string[];
  description: string;
}

/** Opens the database, applies pending migrations and seeds launch content into an empty one. */
export async function openDatabase(target: DatabaseTarget, options: { seed?: boolean } = {}): Promise<DatabaseReady> {
  const orm = await createOrm(target);
  try {
    const migrations = await migrate(orm);
    const seeded = options.seed === false ? false : await seedDatabase(orm.em.fork());
    return { orm, seeded, migrations, description: describeTarget(target) };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}
