import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Two processes of the site on one PostgreSQL database: Fedify's keys are stored there, not in memory. */
describe('ActivityPub state in PostgreSQL', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('this suite needs TEST_DATABASE_URL');
    // DATABASE_URL names the server's own database for Fedify's tables; each app reads its test database.
    for (let i = 0; i < 2; i++) apps.push(await createTestApp({ DATABASE_URL: url }));
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('answers the same key for @news from both processes', async () => {
    const keyOf = async (t: TestApp) => (await request(t.app).get('/ap/actors/news').set('Accept', 'application/activity+json').expect(200)).body.publicKey.publicKeyPem as string;
    const first = await keyOf(apps[0]);
    expect(first).toMatch(/BEGIN PUBLIC KEY/);
    expect(await keyOf(apps[1])).toBe(first);
  });
});
