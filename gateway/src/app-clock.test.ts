import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * One clock for the site: what readers see and the day their visits are counted on both come from
 * the clock `createApp` is given, so a test that moves it moves both.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const BEFORE_ANY_STORY = new Date('2001-02-03T04:00:00Z');

let t: TestApp;
let now = BEFORE_ANY_STORY;

beforeAll(async () => {
  // A stand-in page, and no response cache: each read asks the services.
  const page = () => [(_req: unknown, res: { type(t: string): { send(body: string): void } }) => res.type('html').send('<!doctype html><title>About</title>')];
  t = await createTestApp({ RESPONSE_CACHE_TTL_SECONDS: '0' }, { clock: () => now, web: page as never });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const views = async (day: string) =>
  Number(((await t.db.orm.em.fork().getConnection().execute('select coalesce(sum(views), 0)::int as n from page_view_daily where day = ?', [day])) as { n: number }[])[0].n);

describe('the clock createApp is given', () => {
  it("dates readers' reads and their counted visits alike", async () => {
    expect((await request(t.app).get('/api/articles').expect(200)).body).toEqual([]);
    await request(t.app).get('/about').set({ 'User-Agent': BROWSER, Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }).expect(200);
    await t.analytics.flush();
    expect(await views('2001-02-03')).toBe(1);

    now = new Date();
    expect(((await request(t.app).get('/api/articles').expect(200)).body as unknown[]).length).toBeGreaterThan(0);
  });
});
