import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

/** Authors found by name: the search page's Authors block above the articles, REST and GraphQL. */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', ADMIN_TOKEN });
  t = await createTestApp({ ADMIN_TOKEN }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  const services = createServices(t.db.orm.em.fork());
  const owner = { name: 'owner', role: 'admin' as const };
  await services.authors.create({ name: 'Zoë Ngô-Quillan', role: 'Senior Reporter, Security', bio: 'Covers breaches.' }, owner);
  await services.authors.create({ name: 'Marten Quillby', role: 'Editor', bio: 'Edits the news.' }, owner);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('authors in search', () => {
  it('the search page lists matching authors above the articles, each linking to their page', async () => {
    const res = await request(t.app).get('/search?q=zoe').expect(200).expect('Content-Type', /html/);
    const block = /<section[^>]*aria-labelledby="search-authors"[^>]*>([\s\S]*?)<\/section>/.exec(res.text)?.[1] ?? '';
    expect(text(block)).toContain('Authors');
    expect(block).toMatch(/<a[^>]*href="\/authors\/zoe-ngo-quillan"[^>]*>Zoë Ngô-Quillan<\/a>/);
    expect(text(block)).toContain('Senior Reporter, Security');
    expect(block).not.toContain('Marten');
    // Above the article count and results.
    expect(res.text.indexOf('search-authors')).toBeLessThan(res.text.indexOf('article(s) found'));
    // The author's page is where the link goes.
    expect(text((await request(t.app).get('/authors/zoe-ngo-quillan').expect(200)).text)).toContain('Zoë Ngô-Quillan');
  });

  it('matches the start of any word of a name, case and accents aside; no block when none matches', async () => {
    const both = await request(t.app).get('/search?q=QUILL').expect(200);
    expect([...both.text.matchAll(/href="\/authors\/([a-z-]+)"[^>]*>/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['marten-quillby', 'zoe-ngo-quillan']));
    const none = await request(t.app).get('/search?q=uillan').expect(200);
    expect(none.text).not.toContain('search-authors');
  });

  it('GET /api/search/authors answers the profiles; a blank q is a 400 naming q', async () => {
    const res = await request(t.app).get('/api/search/authors?q=ngo').expect(200);
    expect(res.body.map((a: { slug: string }) => a.slug)).toEqual(['zoe-ngo-quillan']);
    expect(res.body[0]).toMatchObject({ name: 'Zoë Ngô-Quillan', role: 'Senior Reporter, Security' });
    const blank = await request(t.app).get('/api/search/authors?q=%20').expect(400);
    expect(blank.body.errors[0].field).toBe('q');
  });

  it('GraphQL: search { authors }', async () => {
    const query = 'query ($after: String) { search(query: "marten", after: $after) { authors { slug name role } } }';
    const first = await request(t.app).post('/graphql').send({ query }).expect(200);
    expect(first.body.data.search.authors).toEqual([{ slug: 'marten-quillby', name: 'Marten Quillby', role: 'Editor' }]);
  });

  it('an author saved under a new name is found by it at the next search', async () => {
    await request(t.app).get('/search?q=marten').expect(200);
    await request(t.app).patch('/api/admin/authors/marten-quillby').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: 'Martha Quillby' }).expect(200);
    const res = await request(t.app).get('/search?q=martha').expect(200);
    expect(res.text).toMatch(/href="\/authors\/marten-quillby"[^>]*>Martha Quillby</);
  });
});
