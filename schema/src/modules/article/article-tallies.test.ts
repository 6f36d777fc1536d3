import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../runtime/services.js';
import { testArticles } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { Category } from '../category/category.entity.js';
import { Article } from './article.entity.js';

/**
 * The tallies the triggers of Migration20261123030000_article_tallies keep (decision 012): counts
 * per category for totalCount, and per block of 1,000 ids for the sitemap index. Every kind of
 * write must leave them equal to what counting the table says.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const sql = async <T>(text: string, params: unknown[] = []) => (await db.orm.em.getConnection().execute(text, params)) as T[];

/** What counting the table says, per category slug and in all: the articles readers see. */
async function counted(): Promise<{ total: number; bySlug: Map<string, number> }> {
  const rows = await sql<{ slug: string; n: string | number }>(
    `select c.slug, count(a.id) as n from category c
     left join article a on a.category_id = c.id and a.status = 'published' and a.published_at <= now()
     group by c.slug`,
  );
  const bySlug = new Map(rows.map((r) => [r.slug, Number(r.n)]));
  return { total: [...bySlug.values()].reduce((a, b) => a + b, 0), bySlug };
}

async function expectCountsExact() {
  const truth = await counted();
  const s = services();
  expect(await s.articles.count()).toBe(truth.total);
  for (const [slug, n] of truth.bySlug) expect(await s.articles.count(slug), slug).toBe(n);
}

async function categoryIds(): Promise<number[]> {
  return (await sql<{ id: number }>('select id from category order by position')).map((r) => Number(r.id));
}

describe('article tallies', () => {
  it('start from the test articles', async () => {
    expect(await services().articles.count()).toBe(testArticles.length);
    await expectCountsExact();
    const ranges = await services().articles.idRanges(1_000);
    expect(ranges.map((r) => r.number)).toEqual([1]);
    expect(ranges[0]).toMatchObject({ firstId: 1, lastId: 1_000 });
  });

  it('follow an article written through the ORM', async () => {
    const em = db.orm.em.fork();
    const before = await services().articles.count('cybersecurity');
    const category = await em.findOneOrFail(Category, { slug: 'cybersecurity' });
    em.create(Article, {
      slug: 'tally-orm',
      title: 'Written through the ORM',
      excerpt: 'An excerpt.',
      content: 'A body.',
      category,
      author: 'Tester',
      publishedAt: new Date(),
      imageUrl: '/media/covers/tally-orm',
      isBreaking: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    expect(await services().articles.count('cybersecurity')).toBe(before + 1);
    await expectCountsExact();
  });

  it('follow bulk inserts, category moves and deletions in SQL', async () => {
    const [first, second, third] = await categoryIds();
    await sql(
      `insert into article (id, slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
       select 2000 + g, 'tally-' || g, 'Tally ' || g, 'e', 'c', case when g % 2 = 0 then ? else ? end, 'T', now(), '/media/covers/tally-' || g, false, now(), now()
       from generate_series(1, 1500) as g`,
      [first, second],
    );
    await expectCountsExact();
    await sql(`update article set category_id = ? where slug like 'tally-%' and category_id = ? and id % 3 = 0`, [third, first]);
    await sql(`update article set title = title || '!' where slug like 'tally-1%'`);
    await expectCountsExact();
    await sql(`delete from article where slug like 'tally-2%'`);
    await expectCountsExact();
  });

  it('say which id ranges hold articles and when each last changed', async () => {
    const s = services();
    // ids 1..~50 (test content), 2001..3500 (bulk): blocks 0, 2 and 3; nothing in 1001..2000.
    expect((await s.articles.idRanges(1_000)).map((r) => r.number)).toEqual([1, 3, 4]);
    expect((await s.articles.idRanges(2_000)).map((r) => r.number)).toEqual([1, 2]);
    // The block last changed a day ago, so the delete's time is certainly later.
    await sql(`update article_id_block set last_modified = now() - interval '1 day' where block = 3`);
    const before = (await s.articles.idRanges(1_000)).find((r) => r.number === 4)!.lastModified;
    await sql('delete from article where id = (select max(id) from article)');
    const after = (await services().articles.idRanges(1_000)).find((r) => r.number === 4)!.lastModified;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    await expect(s.articles.idRanges(1_500)).rejects.toThrow('whole number of blocks');
  });

  it('empty with the table', async () => {
    // Cascade: ticker items may link articles (their foreign key).
    await sql('truncate article cascade');
    expect(await services().articles.count()).toBe(0);
    expect(await services().articles.idRanges(1_000)).toEqual([]);
  });

  it('count only what readers see: drafts never, scheduled articles from their time on (decision 019)', async () => {
    const [first, second] = await categoryIds();
    const insert = (slug: string, category: number, status: string, publishedAt: string) =>
      sql(
        `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
         values (?, 'T', 'e', 'c', ?, 'T', ${publishedAt}, '/media/covers/x', false, ?, now(), now())`,
        [slug, category, status],
      );
    await insert('seen', first, 'published', 'now()');
    await insert('draft', first, 'draft', 'now()');
    // Five seconds ahead: the checks below must run before its time, even on a busy machine.
    await insert('soon', first, 'published', `now() + interval '5 seconds'`);
    await insert('later', second, 'published', `now() + interval '1 day'`);
    await expectCountsExact();
    const firstSlug = (await sql<{ slug: string }>('select slug from category where id = ?', [first]))[0].slug;
    expect(await services().articles.count(firstSlug)).toBe(1);
    expect(await services().articles.count()).toBe(1);
    // Publishing the draft, unpublishing the one seen, moving the scheduled one: all in one statement.
    await sql(
      `update article set status = case slug when 'draft' then 'published' when 'seen' then 'draft' else status end,
         category_id = case slug when 'later' then ? else category_id end`,
      [first],
    );
    await expectCountsExact();
    expect(await services().articles.count(firstSlug)).toBe(1);
    // The scheduled article's time comes: counted with no write (polled until then).
    await expect.poll(() => services().articles.count(firstSlug), { timeout: 15_000 }).toBe(2);
    await expectCountsExact();
    // The id block counts published rows (scheduled included) for the sitemap index.
    const [block] = await sql<{ articles: number }>('select articles from article_id_block');
    expect(Number(block.articles)).toBe(3);
    await sql(`delete from article where slug in ('draft', 'later')`);
    await expectCountsExact();
  });
});
