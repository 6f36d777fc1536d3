import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { insertSearchFixtures } from './search.fixtures.js';
import { matchesSql, SEARCH_RANK_CAP } from './search.service.js';

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

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

async function plan(text: string, categoryId?: number): Promise<PlanNode[]> {
  const params: unknown[] = [text];
  if (categoryId !== undefined) params.push(categoryId);
  params.push(SEARCH_RANK_CAP + 1);
  const rows = (await db.orm.em
    .getConnection()
    .execute(`explain (format json) ${matchesSql({ byCategory: categoryId !== undefined })}`, params)) as Record<string, unknown>[];
  const raw = Object.values(rows[0])[0];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodesOf(json[0].Plan);
}

describe(`search over ${ROWS} articles`, () => {
  it('finds a rare word through the GIN index', async () => {
    const nodes = await plan('zephyrine');
    expect(nodes.some((n) => n['Index Name'] === 'article_search_vector_idx')).toBe(true);
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('uses the GIN index with a category filter too', async () => {
    const [category] = (await db.orm.em.getConnection().execute(`select id from category where slug = 'synthetic'`)) as { id: number }[];
    const nodes = await plan('zephyrine report', category.id);
    expect(nodes.some((n) => n['Index Name'] === 'article_search_vector_idx')).toBe(true);
  });

  it('finds the rare matches and ranks them', async () => {
    const results = await createServices(db.orm.em.fork()).search.search({ query: 'zephyrine' });
    expect(results.totalCount).toBe(ROWS / RARE_EVERY);
    expect(results.capped).toBe(false);
    expect(results.nodes[0].snippet).toContain('Readers of the');
  });

  it(`ranks only the newest ${SEARCH_RANK_CAP} matches of a word every article has, and says so`, async () => {
    const services = createServices(db.orm.em.fork());
    const first = await services.search.search({ query: 'technology', first: 10 });
    expect(first.capped).toBe(true);
    expect(first.totalCount).toBe(SEARCH_RANK_CAP);
    expect(first.hasNextPage).toBe(true);
    const second = await services.search.search({ query: 'technology', first: 10, after: first.cursors.at(-1) });
    expect(second.nodes.map((h) => h.article.id)).not.toContain(first.nodes[0].article.id);
  });
});
