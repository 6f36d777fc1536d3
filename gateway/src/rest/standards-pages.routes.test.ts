import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, MAX_STANDARDS_MARKDOWN_LENGTH, STANDARDS_PAGE_SLUGS } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The owner edits the standards pages over HTTP (decision 127): the admin role only, a 400 naming
 * the field for bad input, a declared body limit, and the page showing the new text, rendered
 * safely, at the next request while other cached pages stay hits.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
let t: TestApp;
let editor: Record<string, string>;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', ADMIN_TOKEN });
  t = await createTestApp({ ADMIN_TOKEN }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  const { token } = await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
}, 120_000);
afterAll(async () => {
  await t.close();
});

const put = (slug: string, body: unknown, headers: Record<string, string> = owner) => request(t.app).put(`/api/admin/standards-pages/${slug}`).set(headers).send(body as object);
const fieldsOf = (res: request.Response) => (res.body.errors as { field: string }[]).map((e) => e.field);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** Asks until the answer is a hit: stored answers are compressed before they are kept. */
async function warm(path: string): Promise<void> {
  await request(t.app).get(path).expect(200);
  await expect.poll(async () => (await request(t.app).get(path)).headers['x-cache']).toBe('HIT');
}

describe('/api/admin/standards-pages', () => {
  it('is the owner’s: 401 without a token, 403 for an editor’s, and never stored', async () => {
    await request(t.app).get('/api/admin/standards-pages').expect(401);
    await request(t.app).get('/api/admin/standards-pages').set(editor).expect(403);
    await put('ownership', { markdown: 'An editor tries.' }, editor).expect(403);
    await request(t.app).delete('/api/admin/standards-pages/ownership').set(editor).expect(403);
    const list = await request(t.app).get('/api/admin/standards-pages').set(owner).expect(200);
    expect(list.headers['cache-control']).toMatch(/no-store/);
    expect(list.body).toEqual(STANDARDS_PAGE_SLUGS.map((slug) => ({ slug, markdown: null, updatedAt: null, updatedBy: null })));
  });

  it('answers a 400 naming the field for an unknown page, empty text, text over the limit or an unknown field', async () => {
    expect(fieldsOf(await put('privacy', { markdown: 'x' }).expect(400))).toEqual(['slug']);
    expect(fieldsOf(await request(t.app).get('/api/admin/standards-pages/masthead').set(owner).expect(400))).toEqual(['slug']);
    expect(fieldsOf(await put('ownership', { markdown: '' }).expect(400))).toEqual(['markdown']);
    expect(fieldsOf(await put('ownership', {}).expect(400))).toEqual(['markdown']);
    expect(fieldsOf(await put('ownership', { markdown: 7 }).expect(400))).toEqual(['markdown']);
    const tooLong = await put('ownership', { markdown: 'x'.repeat(MAX_STANDARDS_MARKDOWN_LENGTH + 1) }).expect(400);
    expect(tooLong.body.errors[0].message).toBe(`Markdown must be at most ${MAX_STANDARDS_MARKDOWN_LENGTH} characters`);
    expect(fieldsOf(await put('ownership', { markdown: 'ok', html: '<b>' }).expect(400))).toEqual(['html']);
  });

  it('reads JSON only, up to the limit its route declares', async () => {
    await request(t.app).put('/api/admin/standards-pages/ownership').set(owner).set('Content-Type', 'text/plain').send('markdown').expect(415);
    // The longest text, three bytes a character, fits; far past the limit is refused before it is read.
    await put('corrections-policy', { markdown: '€'.repeat(MAX_STANDARDS_MARKDOWN_LENGTH) }).expect(200);
    await put('corrections-policy', { markdown: 'x'.repeat(300 * 1024) }).expect(413);
    await request(t.app).delete('/api/admin/standards-pages/corrections-policy').set(owner).expect(204);
  });

  it('a save shows on the page at the next request, rendered safely, while other pages stay hits', async () => {
    await warm('/ownership');
    await warm('/ai-policy');
    expect(text((await request(t.app).get('/ownership')).text)).toContain('The domain is for sale');

    const markdown = '## Sold\n\nThe site now belongs to [Example Media](https://example.com).\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1))';
    const saved = await put('ownership', { markdown }).expect(200);
    expect(saved.body).toMatchObject({ slug: 'ownership', markdown, updatedBy: 'owner' });

    const page = await request(t.app).get('/ownership').expect(200);
    expect(page.headers['x-cache']).not.toBe('HIT');
    expect(text(page.text)).toContain('The site now belongs to Example Media');
    expect(text(page.text)).not.toContain('The domain is for sale');
    expect(page.text).toContain('<a href="https://example.com">Example Media</a>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toMatch(/href="javascript/i);
    expect(String(page.headers['surrogate-key']).split(' ')).toContain('standards:ownership');
    // Another standards page was not rendered again.
    expect((await request(t.app).get('/ai-policy')).headers['x-cache']).toBe('HIT');

    const graphql = await request(t.app)
      .post('/graphql')
      .send({ query: '{ standardsPageText(slug: "ownership") { slug markdown } none: standardsPageText(slug: "ai-policy") { slug } }' })
      .expect(200);
    expect(graphql.body.data).toEqual({ standardsPageText: { slug: 'ownership', markdown }, none: null });
  });

  it('a clear brings back the text kept with the code', async () => {
    await warm('/ownership');
    await request(t.app).delete('/api/admin/standards-pages/ownership').set(owner).expect(204);
    expect(text((await request(t.app).get('/ownership').expect(200)).text)).toContain('The domain is for sale');
    expect((await request(t.app).get('/api/admin/standards-pages/ownership').set(owner).expect(200)).body).toEqual({ slug: 'ownership', markdown: null, updatedAt: null, updatedBy: null });
    // Clearing a page with nothing stored is no error.
    await request(t.app).delete('/api/admin/standards-pages/ownership').set(owner).expect(204);
  });

  it('every editable page is a page of the site that shows its saved text', async () => {
    for (const slug of STANDARDS_PAGE_SLUGS) {
      await put(slug, { markdown: `Marker text for ${slug}.` }).expect(200);
      expect(text((await request(t.app).get(`/${slug}`).expect(200)).text)).toContain(`Marker text for ${slug}.`);
      await request(t.app).delete(`/api/admin/standards-pages/${slug}`).set(owner).expect(204);
    }
  });
});
