import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { testBreakingNews } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/** The ticker as the newsroom edits it (decision 019): create, link, reorder, expire, remove. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** The services' clock: it moves only when a test moves it, so no test waits for an expiry. */
let now = new Date();
const services = (): Services => createServices(db.orm.em.fork(), { clock: () => now });
const editor = { name: 'Alex Nguyen', role: 'editor' } as const;
const titles = async () => (await services().breakingNews.list()).map((i) => i.title);

describe('ticker items', () => {
  it('start as the test headlines, in order, without links', async () => {
    const items = await services().breakingNews.list();
    expect(items.map((i) => i.title)).toEqual(testBreakingNews.map((i) => i.title));
    expect(items.every((i) => i.article === null)).toBe(true);
  });

  it('are added at the end and may link an article, shown while readers can see it', async () => {
    const article = await services().articleEditing.create(
      { title: 'Linked story', excerpt: 'An excerpt.', content: 'A body.', category: 'edtech', author: 'A. Writer' },
      editor,
    );
    const item = await services().breakingNews.create({ title: 'Linked headline', articleId: String(article.id) });
    expect(item).toMatchObject({ title: 'Linked headline', articleId: article.id, position: testBreakingNews.at(-1)!.position + 1, active: true, expiresAt: null });
    let shown = (await services().breakingNews.list()).at(-1)!;
    expect(shown).toMatchObject({ title: 'Linked headline', article: { id: article.id, title: 'Linked story' } });

    // The article unpublished: the headline stays, without its link; deleted: the link is gone for good.
    await services().articleEditing.unpublish(article.id, editor);
    shown = (await services().breakingNews.list()).at(-1)!;
    expect(shown.article).toBeNull();
    expect((await services().breakingNews.listAll()).at(-1)!.articleId).toBe(article.id);
    await services().articleEditing.delete(article.id, editor);
    expect((await services().breakingNews.listAll()).at(-1)!.articleId).toBeNull();
  });

  it('are reordered: the ids named first, the others after in their order', async () => {
    const all = await services().breakingNews.listAll();
    const last = all.at(-1)!;
    const reordered = await services().breakingNews.reorder([String(last.id), all[1].id]);
    expect(reordered.map((i) => i.id)).toEqual([last.id, all[1].id, all[0].id, ...all.slice(2, -1).map((i) => i.id)]);
    expect(reordered.map((i) => i.position)).toEqual(reordered.map((_, i) => i));
    expect((await titles())[0]).toBe('Linked headline');
  });

  it('refuse an order with unknown or repeated ids', async () => {
    const [first] = await services().breakingNews.listAll();
    for (const ids of [[999_999], [first.id, first.id], [], 'not a list', [-1]]) {
      const error = await services().breakingNews.reorder(ids).catch((e: unknown) => e);
      expect(error, JSON.stringify(ids)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields.every((f) => f.field === 'ids')).toBe(true);
    }
  });

  it('expire: at once with a past time, or with no write when the clock reaches their time', async () => {
    const soon = await services().breakingNews.create({ title: 'Expires soon', expiresAt: new Date(now.getTime() + 3_600_000).toISOString() });
    expect(soon.active).toBe(true);
    expect(await titles()).toContain('Expires soon');
    expect(await services().breakingNews.nextExpiry()).toEqual(soon.expiresAt);
    now = soon.expiresAt!;
    expect(await titles()).not.toContain('Expires soon');
    expect((await services().breakingNews.listAll()).find((i) => i.id === soon.id)?.active).toBe(false);
    expect(await services().breakingNews.nextExpiry()).toBeNull();

    const [first] = await services().breakingNews.listAll();
    await services().breakingNews.update(first.id, { expiresAt: new Date(now.getTime() - 1_000).toISOString() });
    expect(await titles()).not.toContain(first.title);
    await services().breakingNews.update(first.id, { expiresAt: null, title: 'Back again' });
    expect(await titles()).toContain('Back again');
  });

  it('are removed', async () => {
    const item = await services().breakingNews.create({ title: 'To remove' });
    expect(await services().breakingNews.remove(item.id)).toBe(item.id);
    expect(await titles()).not.toContain('To remove');
    await expect(services().breakingNews.remove(item.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(services().breakingNews.update(item.id, { title: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('name every offending field', async () => {
    const error = await services().breakingNews.create({ title: '', articleId: 999_999, expiresAt: 'soon', colour: 'red' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field).sort()).toEqual(['colour', 'expiresAt', 'title']);
    const unknownArticle = await services().breakingNews.create({ title: 'Fine', articleId: 999_999 }).catch((e: unknown) => e);
    expect((unknownArticle as ValidationError).fields).toEqual([{ field: 'articleId', message: 'No article with id 999999' }]);
    const [first] = await services().breakingNews.listAll();
    await expect(services().breakingNews.update(first.id, {})).rejects.toBeInstanceOf(ValidationError);
    await expect(services().breakingNews.update('x', { title: 'y' })).rejects.toBeInstanceOf(ValidationError);
    await expect(services().breakingNews.create({ title: 'x'.repeat(201) })).rejects.toBeInstanceOf(ValidationError);
  });
});
