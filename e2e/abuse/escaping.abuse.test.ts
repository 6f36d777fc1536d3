import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { ABUSE_ADMIN_TOKEN, siteForFile } from './abuse-site.js';
import { expectSiteHeld, summarise, underAttack } from './attack-watch.js';
import { inPool, postJson, request } from './loopback-client.js';

const site = siteForFile();
afterAll(() => site.stop());

const admin = { authorization: `Bearer ${ABUSE_ADMIN_TOKEN}` };
const HOSTILE = '<img/src=x/onerror=alert(1)><script>alert(2)</script>';
/** Markup a feed app would render: a tag opening, closing, a comment or a CDATA section. */
const MARKUP = /<[a-zA-Z!/?]/;

/** Every item's title and description as a feed app reads them (XML decoded once, CDATA included). */
function feedTexts(xml: string): string[] {
  const parsed = new XMLParser({ ignoreAttributes: true }).parse(xml) as { rss?: { channel?: { item?: unknown } } };
  const raw = parsed.rss?.channel?.item;
  const items = (Array.isArray(raw) ? raw : raw ? [raw] : []) as { title?: unknown; description?: unknown }[];
  return items.flatMap((item) => [String(item.title ?? ''), String(item.description ?? '')]);
}

function newArticle(marker: string, status: 'draft' | 'published') {
  return {
    title: `Feed check ${marker} ${HOSTILE}`,
    excerpt: `Excerpt ${marker} ${HOSTILE}`,
    content: `Body of the article ${marker}. ${HOSTILE}`,
    category: 'cybersecurity',
    author: 'Abuse Desk',
    status,
  };
}

describe('escaping and oracles', () => {
  it('Medium 8: a published headline and excerpt with markup reach /rss.xml as text, never as HTML', async () => {
    const s = await site.current();
    const marker = randomBytes(4).toString('hex');
    const report = await underAttack(s, '127.250.0.21', async () => {
      const created = await postJson(s.port, '/api/admin/articles', newArticle(marker, 'published'), { headers: admin, from: '127.19.0.1' });
      const feed = await request(s.port, '/rss.xml', { from: '127.19.0.1', keepBytes: 4 * 1024 * 1024 });
      return { created, feed };
    });
    expectSiteHeld(s, report);
    expect(report.result.created.status, report.result.created.body).toBe(201);
    expect(report.result.feed.status).toBe(200);
    const texts = feedTexts(report.result.feed.body);
    expect(texts.some((t) => t.includes(marker)), 'the new article is in the feed').toBe(true);
    expect(texts.filter((t) => MARKUP.test(t))).toEqual([]);
  });

  it('Low 3: a draft\'s cover key answers as a missing one does (no oracle for unpublished headlines)', async () => {
    const s = await site.current();
    const marker = randomBytes(4).toString('hex');
    const report = await underAttack(s, '127.250.0.22', async () => {
      const created = await postJson(s.port, '/api/admin/articles', newArticle(marker, 'draft'), { headers: admin, from: '127.19.0.2' });
      const article = JSON.parse(created.body) as { slug?: string; article?: { slug?: string } };
      const slug = article.slug ?? article.article?.slug ?? '';
      const draft = await request(s.port, `/media/covers/cybersecurity--${slug}`, { from: '127.19.0.3' });
      const missing = await request(s.port, `/media/covers/cybersecurity--${slug}-x${marker}`, { from: '127.19.0.3' });
      return { created, slug, draft, missing };
    });
    expectSiteHeld(s, report);
    expect(report.result.created.status, report.result.created.body).toBe(201);
    expect(report.result.slug).not.toBe('');
    expect(report.result.draft.status, `draft ${report.result.draft.status}, missing ${report.result.missing.status}`).toBe(report.result.missing.status);
  });

  it('Low 2: a GraphQL answer cached for one Accept is never served to a client that asked for another type', async () => {
    const s = await site.current();
    const query = encodeURIComponent('{ __typename }');
    const report = await underAttack(s, '127.250.0.23', async () => {
      const first = await request(s.port, `/graphql?query=${query}`, { from: '127.19.0.4', headers: { accept: 'application/graphql-response+json', 'apollo-require-preflight': 'true' } });
      const second = await request(s.port, `/graphql?query=${query}`, { from: '127.19.0.4', headers: { accept: 'application/json', 'apollo-require-preflight': 'true' } });
      return { first, second };
    });
    expectSiteHeld(s, report);
    expect(report.result.second.status).toBe(200);
    expect(String(report.result.second.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('Medium: a cross-origin POST /graphql carrying a token or a cookie gets no Access-Control-Allow-Origin', async () => {
    const s = await site.current();
    const body = { query: '{ __typename }' };
    const report = await underAttack(s, '127.250.0.24', () =>
      inPool(
        [['authorization', `Bearer ${ABUSE_ADMIN_TOKEN}`], ['authorization', 'Bearer not-a-real-token-0123456789'], ['cookie', 'session=abc']],
        1,
        ([name, value]) => postJson(s.port, '/graphql', body, { from: '127.19.0.5', headers: { origin: 'https://attacker.example', [name]: value } }),
      ),
    );
    expectSiteHeld(s, report);
    const allowed = report.result.map((a) => a.headers['access-control-allow-origin'] ?? null);
    expect(allowed, `statuses ${summarise(report.result.map((a) => a.status))}`).toEqual([null, null, null]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('escaping: the feed ingester', () => {
  it('Medium 8: a hostile feed\'s <img/src=x/onerror=…> items are stored and served as text', async () => {
    const s = await site.current();
    const marker = randomBytes(4).toString('hex');
    const folder = mkdtempSync(path.join(tmpdir(), 'abuse-feed-'));
    const file = path.join(folder, 'hostile.xml');
    const item = (n: number, markup: string) =>
      `<item><title>Ingested ${marker} ${n} ${markup.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title><link>https://feeds.example.com/${marker}/${n}</link>` +
      `<description><![CDATA[<p>Story ${marker} ${n}</p>${markup}]]></description><pubDate>${new Date().toUTCString()}</pubDate></item>`;
    writeFileSync(
      file,
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><link>https://feeds.example.com/</link><description>x</description>` +
        [item(1, '<img/src=x/onerror=alert(1)>'), item(2, '<svg/onload=alert(2)>'), item(3, '&lt;img src=x onerror=alert(3)&gt;'), item(4, '<a href="javascript:alert(4)">link</a>')].join('') +
        '</channel></rss>',
    );
    try {
      const ingested = spawnSync(process.execPath, ['--import', 'tsx', 'schema/src/cli/ingest.ts', file, '--category', 'cybersecurity', '--publish'], {
        env: { ...process.env, DATABASE_URL: s.databaseUrl!, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(ingested.status, ingested.stderr).toBe(0);
      // Another process wrote the articles: this one's cached feed may not know yet; the category feed is new to it.
      const report = await underAttack(s, '127.250.0.25', () => request(s.port, '/categories/cybersecurity/rss.xml', { from: '127.19.0.6', keepBytes: 4 * 1024 * 1024 }));
      expectSiteHeld(s, report);
      expect(report.result.status).toBe(200);
      const texts = feedTexts(report.result.body).filter((t) => t.includes(marker));
      expect(texts.length, 'the ingested items are in the feed').toBeGreaterThan(0);
      expect(texts.filter((t) => MARKUP.test(t))).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
