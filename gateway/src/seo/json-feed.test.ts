import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServices } from '../../../schema/src/index.js';
import { categories } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { JSON_FEED_VERSION } from './json-feed.js';

const SITE = 'https://news.example.au';
const HUB = 'https://hub.example.com/';

/** JSON Feed 1.1 (jsonfeed.org/version/1.1): the required fields and the types of the optional ones used here. */
const rfc3339 = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const jsonFeedSchema = z.object({
  version: z.literal(JSON_FEED_VERSION),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  icon: z.url().optional(),
  language: z.string().optional(),
  hubs: z.array(z.object({ type: z.string().min(1), url: z.url() })).optional(),
  items: z.array(
    z
      .object({
        id: z.string().min(1),
        url: z.url().optional(),
        title: z.string().optional(),
        content_html: z.string().optional(),
        content_text: z.string().optional(),
        summary: z.string().optional(),
        image: z.url().optional(),
        date_published: rfc3339.optional(),
        authors: z.array(z.object({ name: z.string().min(1) })).min(1).optional(),
        tags: z.array(z.string()).optional(),
      })
      .refine((item) => item.content_html !== undefined || item.content_text !== undefined, 'an item needs content_html or content_text'),
  ),
});

const rssItems = (xml: string) =>
  [...xml.matchAll(/<item><title>([^<]*)<\/title><link>([^<]*)<\/link>/g)].map((m) => ({ title: m[1].replace(/&amp;/g, '&'), link: m[2].replace(/&amp;/g, '&') }));

describe('JSON Feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /feed.json as valid JSON Feed 1.1 with the same items as /rss.xml, in the same order', async () => {
    const res = await request(t.app).get('/feed.json').expect(200).expect('Content-Type', /^application\/feed\+json/);
    const feed = jsonFeedSchema.parse(JSON.parse(res.text));
    expect(feed.feed_url).toBe(`${SITE}/feed.json`);
    expect(feed.hubs).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
    const rss = await request(t.app).get('/rss.xml').expect(200);
    expect(feed.items.map((item) => ({ title: item.title, link: item.url }))).toEqual(rssItems(rss.text));
    expect(feed.items.length).toBeGreaterThan(1);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
  });

  it('answers a category feed with only its stories, and 404 for an unknown category', async () => {
    const slug = categories[0].slug;
    const res = await request(t.app).get(`/categories/${slug}/feed.json`).expect(200);
    const feed = jsonFeedSchema.parse(res.body.version ? res.body : JSON.parse(res.text));
    expect(feed.items.every((item) => item.tags?.[0] === categories[0].name)).toBe(true);
    const rss = await request(t.app).get(`/categories/${slug}/rss.xml`).expect(200);
    expect(feed.items.map((item) => item.url)).toEqual(rssItems(rss.text).map((item) => item.link));
    await request(t.app).get('/categories/no-such-category/feed.json').expect(404);
  });

  it('answers an author\'s feeds in both formats with only their stories, and 404 for an unknown author', async () => {
    const author = await createServices(t.db.orm.em.fork()).authors.create(
      { name: 'Maren Talbot', role: 'Senior Reporter', bio: 'Maren covers breaches.', categorySlugs: [] },
      { name: 'Alex Nguyen', role: 'editor' },
    );
    const res = await request(t.app).get(`/authors/${author.slug}/feed.json`).expect(200);
    const feed = jsonFeedSchema.parse(JSON.parse(res.text));
    expect(feed.feed_url).toBe(`${SITE}/authors/${author.slug}/feed.json`);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.every((item) => item.authors?.[0].name === 'Maren Talbot')).toBe(true);
    const rss = await request(t.app).get(`/authors/${author.slug}/rss.xml`).expect(200).expect('Content-Type', /rss\+xml/);
    expect(feed.items.map((item) => item.url)).toEqual(rssItems(rss.text).map((item) => item.link));
    await request(t.app).get('/authors/nobody-here/feed.json').expect(404);
  });
});

describe('feeds with a WebSub hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBSUB_HUB_URL: HUB, RESPONSE_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the hub and the feed itself in both formats and in Link headers', async () => {
    const json = await request(t.app).get('/feed.json').expect(200);
    expect(jsonFeedSchema.parse(JSON.parse(json.text)).hubs).toEqual([{ type: 'WebSub', url: HUB }]);
    expect(json.headers.link).toBe(`<${HUB}>; rel="hub", <${SITE}/feed.json>; rel="self"`);
    const rss = await request(t.app).get('/rss.xml').expect(200);
    expect(rss.text).toContain(`<atom:link href="${HUB}" rel="hub"/>`);
    expect(rss.text).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(rss.headers.link).toBe(`<${HUB}>; rel="hub", <${SITE}/rss.xml>; rel="self"`);
  });
});
