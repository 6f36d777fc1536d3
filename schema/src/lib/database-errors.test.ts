import { ConnectionException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { asDomainError, isDatabaseUnavailable } from './database-errors.js';
import { NotFoundError, ServiceUnavailableError } from './errors.js';

describe('asDomainError', () => {
  it.each([
    ['a MikroORM connection exception', new ConnectionException(new Error('down'))],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['an admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a wrapped cause', new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
  ])('maps %s to a 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const mapped = asDomainError(error);
    expect(mapped).toBeInstanceOf(ServiceUnavailableError);
    expect(mapped?.httpStatus).toBe(503);
    expect(mapped?.message).toMatch(/briefly unavailable/);
  });

  it('passes domain errors through and leaves other errors alone', () => {
    const notFound = new NotFoundError('x');
    expect(asDomainError(notFound)).toBe(notFound);
    expect(asDomainError(new TypeError('cannot read x of undefined'))).toBeNull();
    expect(asDomainError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });
});
