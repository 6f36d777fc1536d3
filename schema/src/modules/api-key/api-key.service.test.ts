import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ApiKey } from './api-key.entity.js';
import { API_KEY_PATTERN, API_KEY_PREFIX, hashApiKey, utcDay } from './api-key.service.js';

/** Partners' API keys: created, listed with usage, checked and revoked (decision 025). */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.close();
});

const apiKeys = () => createServices(db.orm.em.fork()).apiKeys;

describe('partner API keys', () => {
  it('are random, shown once, identified by a visible prefix and stored only as their SHA-256', async () => {
    const a = await apiKeys().createKey({ name: 'Acme Media' });
    const b = await apiKeys().createKey({ name: 'Outback Apps', limitPerMinute: 50 });
    expect(a).toMatchObject({ name: 'Acme Media', limitPerMinute: null, revokedAt: null, lastUsedAt: null, usage: [] });
    expect(b.limitPerMinute).toBe(50);
    expect(a.key).toMatch(API_KEY_PATTERN);
    expect(a.key).not.toBe(b.key);
    expect(a.prefix).toBe(a.key.slice(0, API_KEY_PREFIX.length + 8));
    const rows = await db.orm.em.fork().find(ApiKey, {});
    expect(rows.map((r) => r.keyHash).sort()).toEqual([hashApiKey(a.key), hashApiKey(b.key)].sort());
    const stored = JSON.stringify(await db.orm.em.getConnection().execute('select * from api_key'));
    expect(stored).not.toContain(a.key);
    expect(stored).not.toContain(b.key);
    const listed = JSON.stringify(await apiKeys().listKeys());
    expect(listed).not.toContain(a.key);
    expect(listed).toContain(a.prefix);
  });

  it('refuse a second active key of the same name (any case), bad names and bad limits, naming each field', async () => {
    await expect(apiKeys().createKey({ name: 'acme media' })).rejects.toMatchObject({ fields: [{ field: 'name' }] });
    const error = await apiKeys()
      .createKey({ name: 'Two\nLines', limitPerMinute: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field).sort()).toEqual(['limitPerMinute', 'name']);
    for (const limitPerMinute of [1.5, Number.NaN, 1_000_001, '100']) {
      await expect(apiKeys().createKey({ name: 'Limits Pty Ltd', limitPerMinute }), String(limitPerMinute)).rejects.toMatchObject({ fields: [{ field: 'limitPerMinute' }] });
    }
    await expect(apiKeys().createKey({ name: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(apiKeys().createKey({ name: 'x'.repeat(81) })).rejects.toBeInstanceOf(ValidationError);
    await expect(apiKeys().createKey({ name: 'Extra', role: 'admin' })).rejects.toMatchObject({ fields: [{ field: 'role' }] });
  });

  it('check a presented hash: active with its limit, revoked, or unknown', async () => {
    const created = await apiKeys().createKey({ name: 'Checked', limitPerMinute: 7 });
    expect(await apiKeys().check(hashApiKey(created.key))).toEqual({ status: 'active', id: created.id, name: 'Checked', limitPerMinute: 7 });
    expect(await apiKeys().check(hashApiKey(`${created.key}x`))).toEqual({ status: 'unknown' });
    expect(await apiKeys().check('not-a-hash')).toEqual({ status: 'unknown' });
    const revoked = await apiKeys().revokeKey('CHECKED');
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await apiKeys().check(hashApiKey(created.key))).toEqual({ status: 'revoked' });
    await expect(apiKeys().revokeKey('Checked')).rejects.toBeInstanceOf(NotFoundError);
    // The name is free again once revoked; the new key is another key.
    const again = await apiKeys().createKey({ name: 'Checked' });
    expect((await apiKeys().check(hashApiKey(again.key))).status).toBe('active');
  });

  it('count usage per key and UTC day with an upsert that adds, and list the last 30 days newest first', async () => {
    const key = await apiKeys().createKey({ name: 'Counted' });
    const other = await apiKeys().createKey({ name: 'Counted Too' });
    const now = new Date('2026-11-24T23:30:00Z');
    const at = (iso: string) => new Date(iso);
    await apiKeys().recordUsage([
      { keyId: key.id, day: '2026-11-24', requests: 3, lastUsedAt: at('2026-11-24T23:00:00Z') },
      { keyId: key.id, day: '2026-11-23', requests: 2, lastUsedAt: at('2026-11-23T10:00:00Z') },
      { keyId: other.id, day: '2026-11-24', requests: 1, lastUsedAt: at('2026-11-24T01:00:00Z') },
      // Older than the 30 days shown.
      { keyId: key.id, day: '2026-10-25', requests: 9, lastUsedAt: at('2026-10-25T10:00:00Z') },
    ]);
    // A second process (or flush) adds to the same day rather than replacing it.
    await apiKeys().recordUsage([{ keyId: key.id, day: '2026-11-24', requests: 4, lastUsedAt: at('2026-11-24T23:20:00Z') }]);
    // An older batch arriving late does not move the last use back.
    await apiKeys().recordUsage([{ keyId: key.id, day: '2026-11-23', requests: 1, lastUsedAt: at('2026-11-23T11:00:00Z') }]);
    const listed = await apiKeys().listKeys(now);
    const counted = listed.find((k) => k.id === key.id);
    expect(counted?.usage).toEqual([
      { day: '2026-11-24', requests: 7 },
      { day: '2026-11-23', requests: 3 },
    ]);
    expect(counted?.lastUsedAt?.toISOString()).toBe('2026-11-24T23:20:00.000Z');
    expect(listed.find((k) => k.id === other.id)?.usage).toEqual([{ day: '2026-11-24', requests: 1 }]);
    // The day of 25 October is the 31st day back from 24 November: in the table, not in the list.
    const [{ total }] = await db.orm.em.getConnection().execute('select sum(requests)::int as total from api_key_usage where api_key_id = ?', [key.id]);
    expect(total).toBe(19);
    // Revoking keeps the usage visible.
    expect((await apiKeys().revokeKey('Counted', now)).usage).toHaveLength(2);
  });

  it('lists active keys first, then revoked ones', async () => {
    const names = (await apiKeys().listKeys()).map((k) => `${k.name}${k.revokedAt ? ' (revoked)' : ''}`);
    const firstRevoked = names.findIndex((n) => n.endsWith('(revoked)'));
    expect(firstRevoked).toBeGreaterThan(0);
    expect(names.slice(firstRevoked).every((n) => n.endsWith('(revoked)'))).toBe(true);
  });

  it('counts by the UTC day', () => {
    // 10:30 on 25 November in Sydney is still the 24th in UTC.
    expect(utcDay(new Date('2026-11-25T10:30:00+11:00'))).toBe('2026-11-24');
  });
});
