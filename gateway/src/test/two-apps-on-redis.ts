import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createOrm, type Orm } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, type AppDependencies, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { plainGetKey } from '../cache/response-cache.js';
import { sharedAnswerKey } from '../cache/shared-tier.js';

export interface TwoAppsOnRedis {
  /** The process whose own writes announce themselves (as in production). */
  a(): App;
  /** A second process: it hears of changes only through Redis, as another process would. */
  b(): App;
  db(): TestDatabase;
  /** A plain client on the test's keys, for looking into Redis. */
  redis(): Redis;
  /** The shared tier's key of an anonymous GET of `path`. */
  sharedKey(path: string): string;
  /** The key prefix of both processes (their keys start with it and a colon). */
  prefix: string;
}

/**
 * Two app processes on one test database (a connection each on PostgreSQL) and one Redis under a
 * fresh key prefix (TEST_REDIS_URL, else the local server): created before the file's tests,
 * closed and their keys deleted after them. `env` is read when they are created, so it may name
 * something an earlier `beforeAll` started.
 */
export function twoAppsOnRedis(name: string, { env = () => ({}), extra = {} }: { env?: () => Record<string, string>; extra?: Partial<Pick<AppDependencies, 'refreshBudgetMs'>> } = {}): TwoAppsOnRedis {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const prefix = `test-${name}-${randomUUID().slice(0, 8)}`;
  let db: TestDatabase | undefined;
  let secondOrm: Orm | null = null;
  let a: App | undefined;
  let b: App | undefined;
  let redis: Redis | undefined;

  beforeAll(async () => {
    redis = new Redis(url);
    const config = () => loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', REDIS_URL: url, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'loopback', ...env() });
    db = await createTestDatabase();
    secondOrm = db.target.kind === 'postgres' ? await createOrm(db.target) : null;
    a = await createApp({ config: config(), orm: db.orm, logger: pino({ level: 'silent' }), ...extra });
    b = await createApp({ config: config(), orm: secondOrm ?? db.orm, logger: pino({ level: 'silent' }), contentChanges: () => () => undefined, ...extra });
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondOrm?.close(true);
    await db?.close();
    if (!redis) return;
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  return {
    a: () => a!,
    b: () => b!,
    db: () => db!,
    redis: () => redis!,
    sharedKey: (path) => sharedAnswerKey(`${prefix}:`, plainGetKey(path)),
    prefix,
  };
}
