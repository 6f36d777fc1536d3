import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** The settings of several processes: Redis and read replicas. */
describe('configuration beyond one process', () => {
  it('runs alone by default: no Redis, no replicas', () => {
    const config = loadConfig({});
    expect(config.redis).toBeNull();
    expect(config.database).not.toHaveProperty('replicaUrls');
  });

  it('reads REDIS_URL and its key prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({ url: 'redis://127.0.0.1:6379/2', keyPrefix: 'technews' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380', REDIS_KEY_PREFIX: 'site-a' }).redis).toEqual({ url: 'rediss://cache.example:6380', keyPrefix: 'site-a' });
  });

  it.each([
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ REDIS_URL: 'redis://x', REDIS_KEY_PREFIX: 'has spaces' }, /REDIS_KEY_PREFIX must be 1 to 40/],
    [{ DATABASE_REPLICA_URLS: 'postgres://replica/db' }, /read replicas need DATABASE_URL to be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'postgres://primary/db', DATABASE_REPLICA_URLS: 'mysql://replica/db' }, /DATABASE_REPLICA_URLS must be comma-separated postgres:\/\/ URLs/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads comma-separated replicas beside a PostgreSQL primary', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://primary:5432/news', DATABASE_REPLICA_URLS: 'postgres://replica-1:5432/news, postgres://replica-2:5432/news' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://primary:5432/news', replicaUrls: ['postgres://replica-1:5432/news', 'postgres://replica-2:5432/news'] });
  });
});
