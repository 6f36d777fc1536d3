import { describe, expect, it, vi } from 'vitest';
import { isDatabaseTypeLookupFailure, unhandledRejectionHandler } from './unhandled-rejections.js';

// The shape the `postgres` client rejects with when the connection drops during its type lookup.
const typeLookupFailure = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
  code: 'CONNECTION_CLOSED',
  query: 'select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem',
});

describe('a rejection nobody handled', () => {
  it('is survived, with a warning, when it is the database client looking up its types', () => {
    const warn = vi.fn();
    expect(() => unhandledRejectionHandler({ warn })(typeLookupFailure)).not.toThrow();
    expect(warn).toHaveBeenCalledWith({ code: 'CONNECTION_CLOSED' }, expect.stringContaining('look up its types'));
  });

  it.each([
    ['an ordinary error', new Error('boom')],
    ['a failed query of the site', Object.assign(new Error('timeout'), { query: 'select * from article' })],
    ['a string', 'nope'],
    ['nothing', undefined],
  ])('ends the process as Node would for %s (thrown again)', (_, reason) => {
    const warn = vi.fn();
    expect(() => unhandledRejectionHandler({ warn })(reason)).toThrow();
    expect(warn).not.toHaveBeenCalled();
    expect(isDatabaseTypeLookupFailure(reason)).toBe(false);
  });
});
