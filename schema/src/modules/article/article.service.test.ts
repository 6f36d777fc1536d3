import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { MAX_PAGE_SIZE } from '../../lib/pagination.js';
import { createServices, type Services } from '../../runtime/services.js';
import { testArticles } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { parseArticleId } from './article.service.js';

let db: TestDatabase;
let services: Services;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(() => {
  services = createServices(db.orm.em.fork());
  db.queries.length = 0;
});

const isNewestFirst = (dates: Date[]) => dates.every((d, i) => i === 0 || dates[i - 1].getTime() >= d.getTime());

describe('ArticleService.page', () => {
  it('lists newest first with the category attached', async () => {
    const page = await services.articles.page({ first: 10 });
    expect(page.nodes).toHaveLength(10);
    expect(isNewestFirst(page.nodes.map((a) => a.publishedAt))).toBe(true);
    expect(page.nodes[0].category.name).toBeTruthy();
    expect(page.hasNextPage).toBe(true);
    expect(page.hasPreviousPage).toBe(false);
  });

  it('walks every article exactly once with keyset cursors', async () => {
    const seen: number[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 50; guard++) {
      const page = await services.articles.page({ first: 7, after });
      seen.push(...page.nodes.map((a) => a.id));
      if (!page.hasNextPage) break;
      after = page.cursors.at(-1);
    }
    expect(seen).toHaveLength(testArticles.length);
    expect(new Set(seen).size).toBe(testArticles.length);
  });

  it('uses keyset conditions, not OFFSET', async () => {
    const first = await services.articles.page({ first: 5 });
    db.queries.length = 0;
    await services.articles.page({ first: 5, after: first.cursors.at(-1) });
    const sql = db.queries.join('\n').toLowerCase();
    expect(sql).not.toContain('offset');
    expect(sql).toContain('published_at');
  });

  it('filters by category slug and counts the same set', async () => {
    const page = await services.articles.page({ category: 'cybersecurity', first: 100 });
    const expected = testArticles.filter((a) => a.categorySlug === 'cybersecurity').length;
    expect(page.nodes).toHaveLength(expected);
    expect(page.nodes.every((a) => a.category.slug === 'cybersecurity')).toBe(true);
    expect(await services.articles.count('cybersecurity')).toBe(expected);
    expect(await services.articles.count()).toBe(testArticles.length);
  });

  it('caps the page size at 100 and rejects sizes below 1', async () => {
    const page = await services.articles.page({ first: 5000 });
    expect(page.nodes.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    await expect(services.articles.page({ first: 0 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('rejects a malformed cursor and an unknown category', async () => {
    await expect(services.articles.page({ after: 'not a cursor' })).rejects.toThrow('after is not a valid cursor');
    await expect(services.articles.page({ after: Buffer.from('x|y').toString('base64url') })).rejects.toBeInstanceOf(ValidationError);
    await expect(services.articles.page({ category: 'gardening' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads a page with its categories in one query', async () => {
    await services.articles.page({ first: 50 });
    expect(db.queries.filter((q) => /select/i.test(q))).toHaveLength(1);
  });
});

describe('ArticleService.getById', () => {
  it('finds an article and names a missing one', async () => {
    const [latest] = (await services.articles.page({ first: 1 })).nodes;
    expect((await services.articles.getById(String(latest.id))).title).toBe(latest.title);
    await expect(services.articles.getById('999999')).rejects.toThrow('Article 999999 not found');
  });

  it.each(['abc', '-1', '0', '1.5', '', '99999999999', '1e3'])('rejects the id %j', (raw) => {
    expect(() => parseArticleId(raw)).toThrow(ValidationError);
  });
});

describe('ArticleService.related', () => {
  it('gives up to 3 of the same category published just before the article, nearest first', async () => {
    const list = (await services.articles.page({ first: 100 })).nodes;
    // The newest article with three older ones in its category.
    const article = list.find((a, i) => list.slice(i + 1).filter((b) => b.category.id === a.category.id).length >= 3)!;
    const older = list.slice(list.indexOf(article) + 1).filter((b) => b.category.id === article.category.id);
    const related = await services.articles.related(article);
    expect(related.map((r) => r.id)).toEqual(older.slice(0, 3).map((r) => r.id));
    expect(isNewestFirst(related.map((r) => r.publishedAt))).toBe(true);
  });

  it('fills with those just after it for the oldest of a category, and leaves the article out', async () => {
    const list = (await services.articles.page({ category: 'artificial-intelligence', first: 50 })).nodes;
    const oldest = list.at(-1)!;
    const related = await services.articles.related(oldest);
    expect(related.map((r) => r.id)).toEqual(list.slice(-4, -1).reverse().map((r) => r.id));
  });

  it('do not change when a newer article of the category is published: a publish purges no archive page', async () => {
    const [, older] = (await services.articles.page({ category: 'artificial-intelligence', first: 2 })).nodes;
    const before = (await services.articles.related(older)).map((r) => r.id);
    expect(before).toHaveLength(3);
    const editing = createServices(db.orm.em.fork());
    await editing.articleEditing.create(
      { title: 'Canberra start-up trains a model on Indigenous languages', excerpt: 'A model.', content: 'A Canberra start-up trained a model.', category: 'artificial-intelligence', author: 'Alex Nguyen' },
      { name: 'Alex Nguyen', role: 'admin' },
    );
    expect((await createServices(db.orm.em.fork()).articles.related(older)).map((r) => r.id)).toEqual(before);
  });

  it('batches related articles of many articles in two queries', async () => {
    const { nodes } = await services.articles.page({ first: 40 });
    db.queries.length = 0;
    const lists = await services.articles.relatedMany(nodes, 3);
    expect(lists).toHaveLength(40);
    lists.forEach((list, i) => {
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.every((r) => r.category.id === nodes[i].category.id && r.id !== nodes[i].id)).toBe(true);
    });
    expect(db.queries.filter((q) => /select/i.test(q))).toHaveLength(2);
  });
});

describe('ArticleService.categoriesLastModified', () => {
  it('gives every category in order with its newest visible article’s last change, in one query', async () => {
    const categories = await createServices(db.orm.em.fork()).categories.list();
    const expected = [];
    for (const category of categories) {
      const [newest] = (await createServices(db.orm.em.fork()).articles.page({ category: category.slug, first: 1 })).nodes;
      expected.push({ slug: category.slug, lastModified: newest?.updatedAt ?? null });
    }
    expect(expected.some((c) => c.lastModified !== null)).toBe(true);
    db.queries.length = 0;
    expect(await services.articles.categoriesLastModified()).toEqual(expected);
    expect(db.queries.filter((q) => /select/i.test(q))).toHaveLength(1);
  });

  it('leaves out a draft and an article scheduled for later', async () => {
    const before = await services.articles.categoriesLastModified();
    const [first] = await createServices(db.orm.em.fork()).categories.list();
    const connection = db.orm.em.getConnection();
    await connection.execute(
      `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
       values ('later-one', 'Later', 'An excerpt.', 'A body.', ?, 'Staff', now() + interval '1 day', '/media/covers/later-one', false, 'published', now(), now() + interval '2 days'),
              ('draft-one', 'Draft', 'An excerpt.', 'A body.', ?, 'Staff', now() - interval '1 minute', '/media/covers/draft-one', false, 'draft', now(), now() + interval '2 days')`,
      [first.id, first.id],
    );
    try {
      expect(await createServices(db.orm.em.fork()).articles.categoriesLastModified()).toEqual(before);
    } finally {
      await connection.execute(`delete from article where slug in ('later-one', 'draft-one')`);
    }
  });
});
