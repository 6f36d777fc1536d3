import { readFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ARTICLE_LIMITS } from '../article/article.validation.js';
import { FeedFetchError, FeedParseError } from './ingest-errors.js';
import { INGEST_RULES, type IngestRules, parseIngestRules } from './ingest-rules.js';
import { INGEST_EDITOR, INGEST_LEASE } from './ingest.service.js';
import { releaseLease, tryTakeLease } from './job-lease.js';

/**
 * Feeds to articles through the newsroom's own write path: drafts by default, publishing on
 * request, categories by rule, a second run adding nothing, and nothing executable stored.
 */
let db: TestDatabase;
let server: Server;
let base: string;
beforeAll(async () => {
  db = await createTestDatabase();
  server = http.createServer((req, res) => {
    const name = req.url === '/atom' ? 'outback-orbit.atom.xml' : 'southern-circuit.rss.xml';
    res.writeHead(200, { 'content-type': 'application/xml' }).end(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const loopback = { allowPrivateAddresses: ['127.0.0.1'] } as const;

async function articleCount(): Promise<number> {
  const [row] = await db.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from article');
  return Number(row.n);
}

let feedCounter = 0;
/** A one-off RSS document with items of its own (guids unique to this call). */
function rssDocument(items: { title: string; link?: string; description?: string; guid?: string | null; categories?: string[] }[], link = 'https://news.example.net.au/') {
  feedCounter += 1;
  const body = items
    .map((item, i) => {
      const guid = item.guid === null ? '' : `<guid isPermaLink="false">${item.guid ?? `doc-${feedCounter}-${i}`}</guid>`;
      const itemLink = item.link ? `<link>${item.link}</link>` : '';
      const cats = (item.categories ?? []).map((c) => `<category>${c}</category>`).join('');
      return `<item><title>${item.title}</title>${itemLink}${guid}${cats}<description>${item.description ?? 'A short summary of the story.'}</description></item>`;
    })
    .join('');
  return { source: `feed-${feedCounter}`, body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Test Wire ${feedCounter}</title><link>${link}</link>${body}</channel></rss>` };
}

describe('an RSS feed, by default', () => {
  it('stores each item as a draft through the editing service: link, excerpt, content, author and date', async () => {
    const before = await articleCount();
    const report = await services().ingest.ingest(fixture('southern-circuit.rss.xml'), { category: 'iot-connected-devices' });
    expect(report).toMatchObject({ format: 'rss', feedTitle: 'Southern Circuit – Australian technology news', duplicates: 0, failed: [] });
    expect(report.added.map((a) => a.category)).toEqual(['cybersecurity', 'quantum-computing', 'iot-connected-devices']);
    expect(await articleCount()).toBe(before + 3);

    const s = services();
    const ransomware = await s.articleEditing.get(report.added[0].id);
    expect(ransomware).toMatchObject({
      title: 'Ransomware crew hits Riverina council’s rates system',
      excerpt: 'Ratepayers in the Riverina can’t pay online after attackers encrypted the council’s billing servers on the weekend.',
      author: 'Priya Raman',
      sourceUrl: 'https://www.southerncircuit.example/2026/11/riverina-council-ransomware/',
      status: 'draft',
      state: 'draft',
      slug: 'ransomware-crew-hits-riverina-council-s-rates-system',
    });
    expect(ransomware.category.slug).toBe('cybersecurity');
    expect(ransomware.publishedAt.toISOString()).toBe('2026-11-22T19:45:00.000Z');
    expect(ransomware.content).toContain('• Counter payments at the Wagga office continue.');
    // Drafts stay away from readers; the revision names the ingestion.
    expect(await s.articles.findById(ransomware.id)).toBeNull();
    const revisions = await s.articleEditing.revisions(ransomware.id);
    expect(revisions.nodes.map((r) => [r.editor, r.action])).toEqual([[INGEST_EDITOR.name, 'create']]);

    // No author of its own: the feed's title. Only a summary: it is the content as well.
    const paddock = await s.articleEditing.get(report.added[2].id);
    expect(paddock.author).toBe('Southern Circuit – Australian technology news');
    expect(paddock.content).toBe(paddock.excerpt);
  });

  it('adds nothing on a second run of the same feed, nor for the same link under another guid', async () => {
    const before = await articleCount();
    const again = await services().ingest.ingest(fixture('southern-circuit.rss.xml'), { category: 'iot-connected-devices' });
    expect(again).toMatchObject({ added: [], duplicates: 3, failed: [] });
    // Without --category the third item has no category, but it is known: a duplicate, not a failure.
    expect(await services().ingest.ingest(fixture('southern-circuit.rss.xml'))).toMatchObject({ added: [], duplicates: 3, failed: [] });
    const relinked = rssDocument([{ title: 'Same story, new guid', link: 'https://www.southerncircuit.example/2026/11/sydney-qubit-coherence/#comments' }]);
    expect(await services().ingest.ingestDocument(relinked, { category: 'edtech' })).toMatchObject({ added: [], duplicates: 1 });
    expect(await articleCount()).toBe(before);
  });

  it('does not bring back an article an editor deleted', async () => {
    const doc = rssDocument([{ title: 'Telcos agree to share towers on the Nullarbor', link: 'https://news.example.net.au/nullarbor-towers' }]);
    const first = await services().ingest.ingestDocument(doc, { category: 'iot-connected-devices' });
    await services().articleEditing.delete(first.added[0].id, { name: 'Alex Nguyen', role: 'editor' });
    expect(await services().ingest.ingestDocument(doc, { category: 'iot-connected-devices' })).toMatchObject({ added: [], duplicates: 1 });
  });
});

describe('an Atom feed over http, published', () => {
  it('publishes what it adds when asked, visible to readers at once', async () => {
    const report = await services().ingest.ingest(`${base}/atom`, { ...loopback, publish: true });
    expect(report.added.map((a) => [a.title, a.category])).toEqual([
      ['Whyalla ground station signs its first overseas customer', 'space-economy'],
      ['Students launch a cube satellite to watch coastal erosion', 'space-economy'],
    ]);
    const s = services();
    const [whyalla, students] = await Promise.all(report.added.map((a) => s.articleEditing.get(a.id)));
    expect(whyalla).toMatchObject({ status: 'published', state: 'live', author: 'Mia Kowalski', sourceUrl: 'https://outbackorbit.example/2026/11/whyalla-ground-station' });
    expect(students.author).toBe('Outback Orbit newsroom');
    expect(await s.articles.findById(whyalla.id)).not.toBeNull();
  });

  it('refuses the loopback server without the explicit allowance', async () => {
    await expect(services().ingest.ingest(`${base}/feed`)).rejects.toBeInstanceOf(FeedFetchError);
  });
});

describe('categories', () => {
  const rules: IngestRules = parseIngestRules({
    feeds: [{ host: 'example.net.au', category: 'cloud-computing' }],
    keywords: [
      { category: 'cybersecurity', words: ['ransomware', 'data breach'] },
      { category: 'edtech', words: ['school', 'students'] },
    ],
  });

  it('keyword rules first, then the feed default by host, which --category overrides', async () => {
    const doc = () =>
      rssDocument([
        { title: 'Ransomware gang leaks hospital rosters' },
        { title: 'Telehealth provider reports a data breach', description: 'Patients in Perth were told on Monday.' },
        { title: 'Perth office tower goes fully electric', categories: ['Students'] },
        { title: 'Hyperscaler opens a second Melbourne region' },
      ]);
    const byRules = await services().ingest.ingestDocument(doc(), { rules });
    expect(byRules.added.map((a) => a.category)).toEqual(['cybersecurity', 'cybersecurity', 'edtech', 'cloud-computing']);
    const overridden = await services().ingest.ingestDocument(doc(), { rules, category: 'space-economy' });
    expect(overridden.added.map((a) => a.category)).toEqual(['cybersecurity', 'cybersecurity', 'edtech', 'space-economy']);
  });

  it('reports an item no rule places, and takes it on a later run that can', async () => {
    const doc = rssDocument([{ title: 'Ferry operator trials contactless boarding' }], 'https://ferries.example.org/');
    const first = await services().ingest.ingestDocument(doc, { rules });
    expect(first.added).toEqual([]);
    expect(first.failed).toEqual([{ title: 'Ferry operator trials contactless boarding', reason: expect.stringMatching(/^no category/) }]);
    expect((await services().ingest.ingestDocument(doc, { rules, category: 'iot-connected-devices' })).added).toHaveLength(1);
  });

  it('refuses an unknown --category before reading anything', async () => {
    await expect(services().ingest.ingest('/no/such/feed.xml', { category: 'gardening' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('commits rules whose every category exists', async () => {
    const slugs = new Set((await services().categories.list()).map((c) => c.slug));
    const used = [...INGEST_RULES.feeds.map((f) => f.category), ...INGEST_RULES.keywords.map((k) => k.category)];
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((slug) => !slugs.has(slug))).toEqual([]);
  });
});

describe('what is stored', () => {
  it('keeps no script, event handler or javascript: URL from script-laden HTML', async () => {
    const report = await services().ingest.ingest(fixture('script-laden.rss.xml'), { category: 'edtech' });
    const article = await services().articleEditing.get(report.added[0].id);
    const stored = [article.title, article.excerpt, article.content].join('\n');
    expect(stored).not.toMatch(/<\s*\/?\s*[a-z]|javascript:|\bon[a-z]+\s*=|alert/i);
    expect(article.title).toBe('Gold Coast start-up raises $4 million');
    expect(article.content).toContain('Founders Aroha Ngata & Lachlan Byrne');
  });

  it('fits long titles and excerpts to the article rules at a word boundary', async () => {
    const longTitle = `Regional councils ${'consolidate their digital services '.repeat(12)}`.trim();
    const longSummary = 'Councils across New South Wales are moving rates, permits and library loans onto one platform. '.repeat(12);
    const report = await services().ingest.ingestDocument(rssDocument([{ title: longTitle, description: longSummary }]), { category: 'cloud-computing' });
    const article = await services().articleEditing.get(report.added[0].id);
    expect(article.title.length).toBeLessThanOrEqual(ARTICLE_LIMITS.title);
    expect(article.title).toMatch(/services…$|their…$|digital…$|consolidate…$/);
    expect(article.excerpt.length).toBeLessThanOrEqual(300);
    expect(article.excerpt.endsWith('…')).toBe(true);
    expect(article.content.length).toBeGreaterThan(article.excerpt.length);
  });

  it('reports an item with neither guid nor link, and adds nothing from malformed XML', async () => {
    const before = await articleCount();
    const report = await services().ingest.ingestDocument(rssDocument([{ title: 'Nowhere to be found', guid: null }]), { category: 'edtech' });
    expect(report.failed).toEqual([{ title: 'Nowhere to be found', reason: expect.stringContaining('no guid or link') }]);
    await expect(services().ingest.ingest(fixture('malformed.rss.xml'), { category: 'edtech' })).rejects.toBeInstanceOf(FeedParseError);
    expect(await articleCount()).toBe(before);
  });
});

describe('one run at a time', () => {
  it('runs nothing while another process holds the lease, and runs once it is given back', async () => {
    const em = db.orm.em.fork();
    expect(await tryTakeLease(em, INGEST_LEASE, 'other-process', 60_000)).toBe(true);
    const s = services();
    expect(await s.ingest.ingestExclusive([fixture('southern-circuit.rss.xml')], { leaseMs: 60_000, category: 'edtech' })).toBeNull();
    await releaseLease(em, INGEST_LEASE, 'other-process');
    const results = await s.ingest.ingestExclusive([fixture('southern-circuit.rss.xml'), fixture('malformed.rss.xml')], { leaseMs: 60_000, category: 'edtech' });
    expect(results?.map((r) => [r.report?.duplicates ?? null, r.error?.constructor.name ?? null])).toEqual([
      [3, null],
      [null, 'FeedParseError'],
    ]);
    // Given back after the run: another holder may take it.
    expect(await tryTakeLease(em, INGEST_LEASE, 'other-process', 60_000)).toBe(true);
    await releaseLease(em, INGEST_LEASE, 'other-process');
  });

  it('lets an expired lease be taken over (its holder died mid-run)', async () => {
    const em = db.orm.em.fork();
    expect(await tryTakeLease(em, INGEST_LEASE, 'crashed-process', 60_000)).toBe(true);
    expect(await tryTakeLease(em, INGEST_LEASE, 'next-process', 60_000)).toBe(false);
    // Its holder died: the lease runs out (the database's clock is the one leases keep).
    await em.getConnection().execute(`update job_lease set expires_at = now() - interval '1 second' where name = ?`, [INGEST_LEASE]);
    expect(await tryTakeLease(em, INGEST_LEASE, 'next-process', 60_000)).toBe(true);
    expect(await tryTakeLease(em, INGEST_LEASE, 'third-process', 60_000)).toBe(false);
    await releaseLease(em, INGEST_LEASE, 'next-process');
  });
});
