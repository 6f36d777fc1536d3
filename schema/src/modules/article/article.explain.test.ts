import type { LogContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../lib/pagination.js';
import { createServices, type Services } from '../../runtime/services.js';
import { type PlanNode, planOf, statementRecorder } from '../../test/query-plans.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * The hot article queries at a size where the planner has a choice: 24,000 synthetic articles,
 * generated in SQL, vacuumed and analysed as autovacuum would. Like a real archive, the categories
 * are uneven: the first one holds one article in 50, the ten others share the rest (with one in
 * eleven, reading the latest list and skipping other categories' rows would cost about the same,
 * and the planner may rightly pick either). Each test runs the service, takes the SQL it sent
 * (with its parameters) and asks the planner for its plan: remove an index, or write a query it
 * cannot use, and the test fails. No planner setting is changed. On PostgreSQL readers' reads run as
 * prepared statements (decision 036): there the plan checked is the one PostgreSQL keeps for the
 * statement after six runs, when it may have switched to a generic plan for any values.
 */
const ROWS = 24_000;

let db: TestDatabase;
let recorded: ReturnType<typeof statementRecorder>;

beforeAll(async () => {
  db = await createTestDatabase();
  const connection = db.orm.em.getConnection();
  await connection.execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
     select 'plan-' || g, 'Synthetic report ' || g, 'An excerpt.', 'A short synthetic body about technology.',
       (select array_agg(id order by position) from category)[case when g % 50 = 0 then 1 else 2 + g % 10 end], 'Synthetic',
       now() - make_interval(mins => g), '/media/covers/plan-' || g, false, now(), now()
     from generate_series(1, ${ROWS}) as g`,
  );
  // A newsroom's few drafts and scheduled articles (decision 019): readers' queries leave them out.
  await connection.execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
     select 'plan-later-' || g, 'Later ' || g, 'An excerpt.', 'A body.', (select id from category order by position limit 1), 'Synthetic',
       now() + make_interval(hours => g), '/media/covers/plan-later-' || g, false, case when g % 2 = 0 then 'draft' else 'published' end, now(), now()
     from generate_series(1, 10) as g`,
  );
  await connection.execute('vacuum analyze article');
  recorded = statementRecorder(db);
}, 300_000);
afterAll(async () => {
  await db.close();
});

/** Runs `action` with a fresh request's services and returns the statements it sent that match `pattern`. */
function statementsOf(action: (services: Services) => Promise<unknown>, pattern: RegExp): Promise<LogContext[]> {
  return recorded(() => action(createServices(db.orm.em.fork())), pattern);
}

/** The one statement of `action` that reads `article`, planned. */
async function articlePlan(action: (services: Services) => Promise<unknown>): Promise<PlanNode[]> {
  const statements = await statementsOf(action, /\bfrom "?article"?\b/i);
  expect(statements).toHaveLength(1);
  return planOf(db, statements[0]);
}

/** Reads `article` through `index` only: no full scan of the table, no sort of its rows. */
function expectIndexed(nodes: PlanNode[], index: string) {
  const names = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`);
  expect(nodes.some((n) => n['Index Name'] === index), names.join(' / ')).toBe(true);
  expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'article'), names.join(' / ')).toEqual([]);
  expect(nodes.filter((n) => /Sort|WindowAgg/.test(n['Node Type'])), names.join(' / ')).toEqual([]);
}

const ROW_KEYSET = /ROW\((\w+\.)?published_at, (\w+\.)?id\) < ROW\(/;

async function someCategory(): Promise<{ id: number; slug: string }> {
  const [row] = (await db.orm.em.getConnection().execute('select id, slug from category order by position limit 1')) as { id: number; slug: string }[];
  return row;
}

/** The cursor of the article `depth` rows down the list (newest first), optionally within a category. */
async function cursorAt(depth: number, categoryId?: number): Promise<string> {
  const [row] = (await db.orm.em
    .getConnection()
    .execute(
      `select published_at, id from article ${categoryId ? 'where category_id = ?' : ''} order by published_at desc, id desc offset ? limit 1`,
      categoryId ? [categoryId, depth] : [depth],
    )) as { published_at: Date | string; id: number }[];
  return encodeCursor(new Date(row.published_at), Number(row.id));
}

describe(`article queries over ${ROWS} articles use their indexes`, () => {
  it('the latest page walks the (published_at, id) index backwards', async () => {
    const nodes = await articlePlan((s) => s.articles.page({ first: 20 }));
    expectIndexed(nodes, 'article_published_at_id_idx');
  });

  it('a page deep in the list starts at the cursor inside the index (row-value keyset)', async () => {
    const after = await cursorAt(20_000);
    const nodes = await articlePlan((s) => s.articles.page({ first: 20, after }));
    expectIndexed(nodes, 'article_published_at_id_idx');
    // The page's own scan; the same statement's count reads the index's top for scheduled articles.
    const scan = nodes.find((n) => n['Index Name'] === 'article_published_at_id_idx' && ROW_KEYSET.test(n['Index Cond'] ?? ''));
    expect(scan?.['Index Cond']).toMatch(ROW_KEYSET);
  });

  it('a category page, first and deep, uses the (category_id, published_at, id) index', async () => {
    const category = await someCategory();
    expectIndexed(await articlePlan((s) => s.articles.page({ first: 20, category: category.slug })), 'article_category_published_at_id_idx');
    const after = await cursorAt(400, category.id);
    const nodes = await articlePlan((s) => s.articles.page({ first: 20, category: category.slug, after }));
    expectIndexed(nodes, 'article_category_published_at_id_idx');
    const scan = nodes.find((n) => n['Index Name'] === 'article_category_published_at_id_idx' && ROW_KEYSET.test(n['Index Cond'] ?? ''));
    expect(scan?.['Index Cond']).toMatch(/category_id = /);
    expect(scan?.['Index Cond']).toMatch(ROW_KEYSET);
  });

  it("related articles start at each article's place in the (category_id, published_at, id) index, both ways, and stop after a few (LATERAL ... LIMIT)", async () => {
    const { nodes: page } = await createServices(db.orm.em.fork()).articles.page({ first: 100 });
    const statements = await statementsOf((s) => s.articles.relatedMany(page, 3), /lateral/i);
    expect(statements).toHaveLength(1);
    const nodes = await planOf(db, statements[0]);
    const walks = nodes.filter((n) => n['Index Name'] === 'article_category_published_at_id_idx');
    expect(walks).toHaveLength(2);
    for (const walk of walks) {
      expect(walk['Index Cond']).toMatch(/category_id = /);
      expect(walk['Index Cond']).toMatch(/ROW\((\w+\.)?published_at, (\w+\.)?id\) [<>] ROW\(/);
    }
    expect(nodes.filter((n) => n['Node Type'] === 'Limit').length).toBeGreaterThanOrEqual(2);
  });

  it('an old article is one primary-key lookup', async () => {
    const nodes = await articlePlan((s) => s.articles.findById(7));
    expectIndexed(nodes, 'article_pkey');
  });

  it('totalCount, all and per category, reads the tallies and only the scheduled articles (an index range), and is exact', async () => {
    const category = await someCategory();
    const expected = [await countStar(), await countStar(category.id)];
    const counted: number[] = [];
    const statements = await statementsOf(async (s) => {
      counted.push(await s.articles.count(), await s.articles.count(category.slug));
    }, /article/i);
    expect(counted).toEqual(expected);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const nodes = await planOf(db, statement);
      const names = nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Relation Name'] ?? ''}`).join(' / ');
      // The article table is read only for the correction: the top of a published_at index, after now.
      const reads = nodes.filter((n) => n['Relation Name'] === 'article');
      expect(reads.every((n) => /^Index (Only )?Scan$/.test(n['Node Type']) && /published_at/.test(n['Index Name'] ?? '')), names).toBe(true);
      expect(reads.every((n) => /published_at > /.test(n['Index Cond'] ?? '')), names).toBe(true);
    }
  });

  it('a page reads its total in its own statement (no second round trip), exact for all and per category', async () => {
    const category = await someCategory();
    const expected = [await countStar(), await countStar(category.id)];
    const pages = await statementsOf(async (s) => {
      const totals = [(await s.articles.page({ first: 5 })).total, (await s.articles.page({ first: 5, category: category.slug })).total];
      expect(totals).toEqual(expected);
    }, /article/i);
    expect(pages).toHaveLength(2);
  });

  it('an article sitemap reads its id range in primary-key batches; the index reads the block tallies', async () => {
    expectIndexed(await articlePlan((s) => s.articles.linksByIdRange(10_000, 15_000, 5_000)), 'article_pkey');
    const statements = await statementsOf((s) => s.articles.idRanges(5_000), /article_id_block/);
    expect(statements).toHaveLength(1);
    expect((await planOf(db, statements[0])).filter((n) => n['Relation Name'] === 'article')).toEqual([]);
  });

  it('the categories sitemap takes each category\'s newest article from the top of the (category_id, published_at, id) index', async () => {
    const nodes = await articlePlan((s) => s.articles.categoriesLastModified());
    const names = nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Relation Name'] ?? ''}`).join(' / ');
    const reads = nodes.filter((n) => n['Relation Name'] === 'article');
    expect(reads.length, names).toBeGreaterThan(0);
    expect(reads.every((n) => n['Index Name'] === 'article_category_published_at_id_idx'), names).toBe(true);
    expect(nodes.some((n) => n['Node Type'] === 'Limit'), names).toBe(true);
  });

  it('the Google News sitemap reads the last two days newest first from the index', async () => {
    const nodes = await articlePlan((s) => s.articles.publishedWithin(2 * 24 * 3_600_000));
    expectIndexed(nodes, 'article_published_at_id_idx');
  });

  it('a cover key the site does not use is one index probe (the media route asks for every unknown key)', async () => {
    const nodes = await articlePlan((s) => s.articles.coverKeyExists('invented-key-0001'));
    expectIndexed(nodes, 'article_image_url_idx');
  });
});

async function countStar(categoryId?: number): Promise<number> {
  const [row] = (await db.orm.em
    .getConnection()
    .execute(
      `select count(*) as n from article where status = 'published' and published_at <= now() ${categoryId ? 'and category_id = ?' : ''}`,
      categoryId ? [categoryId] : [],
    )) as { n: string | number }[];
  return Number(row.n);
}
