import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cachedProbe } from './readiness-probe.js';

describe('a readiness check kept for a second', () => {
  it('asks once for every caller within the second, in flight or answered, then again', async () => {
    let clock = 0;
    const check = vi.fn(async () => ({ ok: true }));
    const probe = cachedProbe(check, 1_000, () => clock);
    await Promise.all(Array.from({ length: 50 }, () => probe()));
    clock = 999;
    await probe();
    expect(check).toHaveBeenCalledTimes(1);
    clock = 1_000;
    await probe();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed check', async () => {
    const check = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ ok: true });
    const probe = cachedProbe(check, 1_000, () => 0);
    await expect(probe()).rejects.toThrow('down');
    await expect(probe()).resolves.toEqual({ ok: true });
    expect(check).toHaveBeenCalledTimes(2);
  });
});

describe('GET /readyz under a flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('asks the database once for many concurrent probes', async () => {
    const check = vi.spyOn(t.db.orm, 'checkConnection');
    const answers = await Promise.all(Array.from({ length: 40 }, () => request(t.app).get('/readyz')));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'ready')).toBe(true);
    expect(check.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
