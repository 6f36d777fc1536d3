import { describe, expect, it } from 'vitest';
import { serverSuiteSkipReason } from './server-suites.mjs';

describe('test files that need a server beside the embedded database', () => {
  it('are skipped, with the variable to set, when the environment names no server', () => {
    expect(serverSuiteSkipReason('/p/gateway/src/rest/database-outage.pg.test.ts', {})).toMatch(/TEST_DATABASE_URL/);
    expect(serverSuiteSkipReason('/p/gateway/src/redis/scale-out.redis.test.ts', {})).toMatch(/TEST_REDIS_URL/);
  });

  it('run when it names one', () => {
    expect(serverSuiteSkipReason('/p/a.pg.test.ts', { TEST_DATABASE_URL: 'postgres://h/test' })).toBeNull();
    expect(serverSuiteSkipReason('/p/a.redis.test.ts', { TEST_REDIS_URL: 'redis://h/0' })).toBeNull();
  });

  it('leave every other test file alone', () => {
    expect(serverSuiteSkipReason('/p/schema/src/modules/article/article.service.test.ts', {})).toBeNull();
  });
});
