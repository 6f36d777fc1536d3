import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './database-target.js';

describe('parseDatabaseUrl', () => {
  it.each([
    [undefined, { kind: 'pglite', dataDir: path.resolve('/app', '.data/pglite') }],
    ['', { kind: 'pglite', dataDir: path.resolve('/app', '.data/pglite') }],
    ['pglite:memory', { kind: 'pglite', dataDir: null }],
    ['pglite:var/db', { kind: 'pglite', dataDir: path.resolve('/app', 'var/db') }],
    ['postgres://u@h:5432/d', { kind: 'postgres', url: 'postgres://u@h:5432/d' }],
    ['postgresql://u@h/d', { kind: 'postgres', url: 'postgresql://u@h/d' }],
  ])('maps %j', (value, expected) => {
    expect(parseDatabaseUrl(value, '/app')).toEqual(expected);
  });

  it.each(['mysql://h/d', 'pglite:', 'sqlite::memory:'])('rejects %j with a clear message', (value) => {
    expect(() => parseDatabaseUrl(value, '/app')).toThrow(/DATABASE_URL/);
  });
});
