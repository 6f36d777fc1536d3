import { DriverException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { asDomainError, asWriteDomainError, isDatabaseUnavailable, POOL_ACQUIRE_TIMEOUT, POOL_QUEUE_FULL } from './database-errors.js';
import { IdempotencyKeyReusedError, ServiceUnavailableError } from './errors.js';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('refusals say why, for reads and for writes', () => {
  it('reads: an unreachable database is "briefly unavailable" with Retry-After, nothing about storing', () => {
    const error = asDomainError(coded('ECONNREFUSED')) as ServiceUnavailableError;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ reason: 'database-unreachable', retryAfterSeconds: 5 });
    expect(error.message).toMatch(/briefly unavailable/);
    expect(error.message).not.toMatch(/stored/);
  });

  it('writes: the same outage says nothing was stored; a lost COMMIT says it may have been', () => {
    expect(asWriteDomainError(coded('ECONNREFUSED'))?.message).toMatch(/nothing was stored/);
    expect(asWriteDomainError(new Error('Connection terminated unexpectedly'), { committing: true })?.message).toMatch(/may or may not have been stored.+same Idempotency-Key/);
  });

  it('a database that went silent is a 503 for reads, and an unknown outcome for writes', () => {
    for (const silent of [new Error('Query read timeout'), new Error('timeout exceeded when trying to connect'), new Error('timeout expired')]) {
      expect(asDomainError(silent)).toMatchObject({ httpStatus: 503, reason: 'database-unreachable', retryAfterSeconds: 5 });
      expect(asWriteDomainError(silent)?.message).toMatch(/may or may not have been stored.+same Idempotency-Key/);
    }
  });

  it('a full pool queue or a wait past the acquire timeout is "busy", not an outage, also when the ORM wrapped it', () => {
    for (const code of [POOL_QUEUE_FULL, POOL_ACQUIRE_TIMEOUT]) {
      const wrapped = new DriverException(coded(code, 'all connections in use'));
      expect(isDatabaseUnavailable(wrapped)).toBe(false);
      expect(asDomainError(wrapped)).toMatchObject({ httpStatus: 503, reason: 'pool-busy', retryAfterSeconds: 2 });
      expect(asDomainError(wrapped)?.message).toMatch(/busy/);
      expect(asWriteDomainError(wrapped)?.message).toMatch(/busy.+nothing was stored/);
    }
  });

  it('a cancelled statement (shutdown, statement timeout) is a 503 that may be retried', () => {
    expect(asDomainError(coded('57014', 'canceling statement due to user request'))).toMatchObject({ httpStatus: 503, reason: 'cancelled' });
    expect(asWriteDomainError(coded('57014'))?.message).toMatch(/before it was committed: nothing was stored/);
  });

  it('finds a domain error the ORM wrapped as a cause, and leaves other domain errors as they are', () => {
    const reused = new IdempotencyKeyReusedError('reused');
    expect(asDomainError(new Error('flush failed', { cause: reused }))).toBe(reused);
    expect(asWriteDomainError(reused)).toBe(reused);
  });
});
