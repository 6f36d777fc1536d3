import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { insertSearchFixtures } from '../search/search.fixtures.js';
import type { ArticleView } from './article-view.js';

/**
 * "Visible to readers" is one rule on one clock: moving the services' clock past a scheduled
 * article's time shows it in every reader read at once (lists, the article, related, counts,
 * search and its suggestion, feeds, sitemaps, the ticker), and each read gives the same view.
 * The database's own clock never decides: here it stays at the real time throughout.
 */
let db: TestDatabase;
let ids: Record<string, number>;
const HOUR = 3_600_000;
const realNow = new Date();
/** When the scheduled article appears: two hours from the real time. */
const appears = new Date(realNow.getTime() + 2 * HOUR);
const at = (time: Date) => createServices(db.orm.em.fork(), { clock: () => time });

beforeAll(async () => {
  db = await createTestDatabase();
  ids = await insertSearchFixtures(
    db.orm.em,
    [
      { key: 'scheduled-quokkatron', title: 'Quokkatron launch window opens', category: 'visibility', hoursAgo: 0 },
      { key: 'live-sibling', title: 'Wombatronic pads compared', category: 'visibility', hoursAgo: 3 },
    ],
    appears,
  );
  await at(realNow).breakingNews.create({ title: 'Quokkatron soon', articleId: String(ids['scheduled-quokkatron']) });
});
afterAll(async () => {
  await db?.close();
});

/** Every reader read that could show the scheduled article, as of one clock. */
async function readerReads(time: Date) {
  const services = at(time);
  const id = ids['scheduled-quokkatron'];
  const sibling = (await services.articles.findById(ids['live-sibling']))!;
  const ticker = (await services.breakingNews.list()).find((item) => item.title === 'Quokkatron soon');
  return {
    article: await services.articles.findById(id),
    list: (await services.articles.page({ category: 'visibility', first: 10 })).nodes.find((a) => a.id === id) ?? null,
    total: (await services.articles.page({ category: 'visibility', first: 10 })).total,
    count: await services.articles.count('visibility'),
    allCount: await services.articles.count(),
    related: (await services.articles.related(sibling)).find((a) => a.id === id) ?? null,
    search: (await services.search.search({ query: 'quokkatron' })).nodes.find((hit) => hit.article.id === id)?.article ?? null,
    suggestion: (await services.search.search({ query: 'quokkatrom' })).suggestion,
    feed: (await services.articles.publishedWithin(HOUR)).find((a) => a.id === id) ?? null,
    sitemap: (await services.articles.linksByIdRange(id - 1, id, 10)).map((link) => link.id),
    ticker: ticker?.article ?? null,
  };
}

describe('visible to readers, on one clock', () => {
  it('hides a scheduled article from every reader read before its time', async () => {
    const before = await readerReads(realNow);
    expect(before).toMatchObject({ article: null, list: null, count: 1, total: 1, related: null, search: null, suggestion: null, feed: null, sitemap: [], ticker: null });
  });

  it('shows it in every reader read once the clock reaches its time, as the same view', async () => {
    const before = await readerReads(realNow);
    const after = await readerReads(new Date(appears.getTime() + 60_000));
    expect(after.count).toBe(2);
    expect(after.total).toBe(2);
    expect(after.allCount).toBe(before.allCount + 1);
    expect(after.suggestion).toBe('quokkatron');
    expect(after.sitemap).toEqual([ids['scheduled-quokkatron']]);
    const view = after.article as ArticleView;
    expect(view).toMatchObject({ id: ids['scheduled-quokkatron'], title: 'Quokkatron launch window opens', sourceUrl: null });
    for (const read of ['list', 'related', 'search', 'feed', 'ticker'] as const) {
      expect(after[read], read).toEqual(view);
    }
  });

  it('takes the time from the clock even when it is behind the database: a live article is hidden again', async () => {
    const earlier = new Date(realNow.getTime() - 4 * HOUR);
    const reads = await at(earlier).articles.findById(ids['live-sibling']);
    expect(reads).toBeNull();
    expect((await at(earlier).search.search({ query: 'wombatronic' })).totalCount).toBe(0);
    expect((await at(realNow).search.search({ query: 'wombatronic' })).totalCount).toBe(1);
  });
});
