import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../runtime/services.js';
import { type PlanNode, planNodes } from '../../test/query-plans.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { insertSearchFixtures } from './search.fixtures.js';
import { matchesSql, nextWindowDays, SEARCH_RANK_CAP } from './search.service.js';

const INDEX = 'article_search_vector_day_idx';

/**
 * The index at a size where the planner has a choice: 20,000 synthetic articles generated in SQL
 * (every one says "technology", one in 4,000 says "zephyrine"), vacuumed and analysed as
 * autovacuum would, then planned as the service plans them. No planner settings are changed.
 */
const ROWS = 20_000;
const RARE_EVERY = 4_000;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  await insertSearchFixtures(db.orm.em, [{ key: 'explain-anchor', title: 'Anchor article', category: 'synthetic' }]);
  const connection = db.orm.em.getConnection();
  await connection.execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
     select 'synthetic-' || g,
       'Synthetic ' || (array['cloud','quantum','robotics','fintech','telecom','mining','energy','health'])[1 + g % 8]
         || ' report ' || g || case when g % ${RARE_EVERY} = 0 then ' zephyrine' else '' end,
       'Readers of the ' || (array['Sydney','Melbourne','Brisbane','Perth','Adelaide','Hobart'])[1 + g % 6] || ' edition asked about it.',
       'Every synthetic article mentions technology, markets and Australian companies. ' || repeat('More filler text follows here. ', 4),
       (select id from category where slug = 'synthetic'), 'Synthetic', now() - make_interval(mins => g), '/media/covers/synthetic', false, now(), now()
     from generate_series(1, ${ROWS}) as g`,
  );
  // What autovacuum does after a bulk load: statistics, and the GIN pending list merged into the index.
  await connection.execute('vacuum analyze article');
}, 300_000);
afterAll(async () => {
  await db.close();
});

/** The plan of matchesSql for a query, optionally in a category and since a day (YYYY-MM-DD). */
async function plan(text: string, options: { categoryId?: number; since?: string } = {}): Promise<PlanNode[]> {
  const params: unknown[] = [text];
  if (options.categoryId !== undefined) params.push(options.categoryId);
  if (options.since) params.push(options.since);
  params.push(new Date(), SEARCH_RANK_CAP + 1);
  const sql = matchesSql({ byCategory: options.categoryId !== undefined, since: Boolean(options.since) });
  return planNodes((await db.orm.em.getConnection().execute(`explain (format json) ${sql}`, params)) as Record<string, unknown>[]);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe(`search over ${ROWS} articles`, () => {
  it('finds a rare word through the GIN index', async () => {
    const nodes = await plan('zephyrine');
    expect(nodes.some((n) => n['Index Name'] === INDEX)).toBe(true);
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('uses the GIN index with a category filter too', async () => {
    const [category] = (await db.orm.em.getConnection().execute(`select id from category where slug = 'synthetic'`)) as { id: number }[];
    const nodes = await plan('zephyrine report', { categoryId: category.id });
    expect(nodes.some((n) => n['Index Name'] === INDEX)).toBe(true);
  });

  it('answers "since a day" inside the index, so only the matches since then are read', async () => {
    const nodes = await plan('zephyrine', { since: daysAgo(10) });
    const scan = nodes.find((n) => n['Index Name'] === INDEX);
    expect(scan?.['Index Cond']).toMatch(/search_vector @@/);
    expect(scan?.['Index Cond']).toMatch(/published_at AT TIME ZONE 'UTC'/);
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('finds the rare matches and ranks them', async () => {
    const results = await createServices(db.orm.em.fork()).search.search({ query: 'zephyrine' });
    expect(results.totalCount).toBe(ROWS / RARE_EVERY);
    expect(results.capped).toBe(false);
    expect(results.nodes[0].snippet).toContain('Readers of the');
  });

  // Decision 042: 250 keeps the capped search within 1.3x of its time at 1,000 articles.
  it('ranks only the newest 250 matches of a word every article has, and says so', async () => {
    const services = createServices(db.orm.em.fork());
    const first = await services.search.search({ query: 'technology', first: 10 });
    expect(first.capped).toBe(true);
    expect(first.totalCount).toBe(250);
    expect(first.hasNextPage).toBe(true);
    const second = await services.search.search({ query: 'technology', first: 10, after: first.cursors.at(-1) });
    expect(second.nodes.map((h) => h.article.id)).not.toContain(first.nodes[0].article.id);
  });

  it.each([
    ['zephyrine', 10], // none in the first window: five matches, 3 to 14 days old
    ['quantum', 1001], // one article in eight: windows sized from what the first found
    ['quantum report', 100],
    ['technology', SEARCH_RANK_CAP + 1], // every article: the first window is enough
    ['technology -quantum', 3000], // more than the window holds: the whole archive
  ])('finds by windows of days exactly the newest matches of "%s" (at most %i)', async (text, limit) => {
    const em = db.orm.em.fork();
    const expected = (
      (await em.getConnection().execute(
        `select id from article
         where search_vector @@ search_query(?) and status = 'published' and published_at <= now()
         order by published_at desc, id desc limit ?`,
        [text, limit],
      )) as { id: number }[]
    ).map((row) => Number(row.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(await createServices(em).search.newestMatches(text, null, limit)).toEqual(expected);
  });
});

describe('windows of days', () => {
  it('starts with two days, sizes the next from the matches found, and reads the whole archive at last', () => {
    expect(nextWindowDays(2, 10, 100, 0)).toBe(30); // 10 in 2 days: 150 wanted with the margin, so 30 days
    expect(nextWindowDays(2, 0, 100, 0)).toBe(32); // nothing yet: sixteen times wider
    expect(nextWindowDays(32, 0, 100, 1)).toBeNull(); // nothing twice: a rare word, read without days
    expect(nextWindowDays(30, 99, 100, 1)).toBe(46);
    expect(nextWindowDays(30, 50, 100, 3)).toBeNull(); // four windows at most
    expect(nextWindowDays(2, 1, 1_000_000, 0)).toBeNull(); // beyond a century: the whole archive
  });
});
