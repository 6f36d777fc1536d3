import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { categories, testArticles } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Editor } from '../editor/editor-roles.js';

/**
 * The newsroom's article writes (decision 019): validation naming every field, status and
 * scheduling, what readers see of drafts and scheduled articles everywhere, and revisions.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/** The services' clock: it moves only when a test moves it, so no test waits for a time to come. */
let now = new Date();
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const services = (): Services => createServices(db.orm.em.fork(), { clock: () => now });
const alex: Editor = { name: 'Alex Nguyen', role: 'editor' };
const sam: Editor = { name: 'Sam Lee', role: 'admin' };

let counter = 0;
/** A valid new article with a word of its own, so search finds exactly it. */
function draft(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const word = `zyxqu${String.fromCharCode(97 + (counter % 26))}${String.fromCharCode(97 + Math.floor(counter / 26))}`;
  return {
    word,
    input: {
      title: `Newsroom story ${counter} about ${word}`,
      excerpt: 'A short excerpt for the card.',
      content: `The body of newsroom story ${counter}. It mentions ${word} once.`,
      category: 'cybersecurity',
      author: 'Alex Nguyen',
      ...overrides,
    },
  };
}

async function validationError(action: Promise<unknown>): Promise<ValidationError> {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

/** Where readers could meet an article: every read path of the public services. */
async function seenByReaders(id: number, word: string, category = 'cybersecurity') {
  const s = services();
  const latest = await s.articles.page({ first: 100 });
  const inCategory = await s.articles.page({ first: 100, category });
  const [anyInCategory] = inCategory.nodes.filter((a) => a.id !== id);
  const related = anyInCategory ? await s.articles.related(anyInCategory, 100) : [];
  const news = await s.articles.publishedWithin(2 * 24 * 3_600_000);
  const links = await s.articles.linksByIdRange(0, 1_000_000, 100_000);
  const search = await s.search.search({ query: word });
  return {
    list: latest.nodes.some((a) => a.id === id),
    category: inCategory.nodes.some((a) => a.id === id),
    byId: (await s.articles.findById(id)) !== null,
    related: related.some((a) => a.id === id),
    news: news.some((a) => a.id === id),
    sitemap: links.some((a) => a.id === id),
    search: search.nodes.some((hit) => hit.article.id === id),
  };
}

const everywhere = { list: true, category: true, byId: true, related: true, news: true, sitemap: true, search: true };
const nowhere = { list: false, category: false, byId: false, related: false, news: false, sitemap: false, search: false };

describe('creating an article', () => {
  it('publishes now by default, with a slug, a generated cover and a revision naming the editor', async () => {
    const before = await services().articles.count('cybersecurity');
    const { input, word } = draft({ title: 'Ransomware crews target Australian councils' });
    const created = await services().articleEditing.create(input, alex);
    expect(created).toMatchObject({
      title: input.title,
      slug: 'ransomware-crews-target-australian-councils',
      imageUrl: '/media/covers/cybersecurity--ransomware-crews-target-australian-councils',
      status: 'published',
      state: 'live',
      isBreaking: false,
      sourceUrl: null,
      category: { slug: 'cybersecurity' },
    });
    expect(created.publishedAt).toEqual(now);
    expect(await seenByReaders(created.id, word)).toEqual(everywhere);
    expect(await services().articles.count('cybersecurity')).toBe(before + 1);

    const [revision] = (await services().articleEditing.revisions(created.id)).nodes;
    expect(revision).toMatchObject({ articleId: created.id, editor: 'Alex Nguyen', action: 'create' });
    expect(revision.changes.title).toEqual({ from: null, to: input.title });
    expect(revision.changes.category).toEqual({ from: null, to: 'cybersecurity' });
    expect(revision.changes.status).toEqual({ from: null, to: 'published' });
  });

  it('gives a repeated title the next free slug', async () => {
    const title = 'Quantum chip maker opens Sydney lab';
    const first = await services().articleEditing.create(draft({ title, category: 'quantum-computing' }).input, alex);
    const second = await services().articleEditing.create(draft({ title, category: 'quantum-computing' }).input, alex);
    expect(first.slug).toBe('quantum-chip-maker-opens-sydney-lab');
    expect(second.slug).toBe('quantum-chip-maker-opens-sydney-lab-2');
    expect(second.imageUrl).toBe('/media/covers/quantum-computing--quantum-chip-maker-opens-sydney-lab-2');
  });

  it('keeps the trimmed values, an http(s) source and the breaking flag', async () => {
    const created = await services().articleEditing.create(
      draft({ title: '  Spaced title  ', sourceUrl: 'https://example.org/story?id=1', isBreaking: true, category: ' Space-Economy ' }).input,
      alex,
    );
    expect(created).toMatchObject({ title: 'Spaced title', sourceUrl: 'https://example.org/story?id=1', isBreaking: true, category: { slug: 'space-economy' } });
  });
});

describe('validation, in one place, naming every offending field', () => {
  it('names each missing required field at once', async () => {
    const error = await validationError(services().articleEditing.create({}, alex));
    expect(error.fields.map((f) => f.field).sort()).toEqual(['author', 'category', 'content', 'excerpt', 'title']);
    expect(error.message).toMatch(/^Invalid article: /);
  });

  it.each([
    ['javascript: source', { sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
    ['data: source', { sourceUrl: 'data:text/html,<script>alert(1)</script>' }, 'sourceUrl'],
    ['source with credentials', { sourceUrl: 'https://user:pass@example.org/' }, 'sourceUrl'],
    ['a source that is not a URL', { sourceUrl: 'example.org/story' }, 'sourceUrl'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
    ['a title on two lines', { title: 'One\nTwo' }, 'title'],
    ['a blank excerpt', { excerpt: '   ' }, 'excerpt'],
    ['a body over 50,000 characters', { content: 'x'.repeat(50_001) }, 'content'],
    ['control characters', { author: 'Al\u0000ex' }, 'author'],
    ['an unknown status', { status: 'live' }, 'status'],
    ['a date without a zone', { publishedAt: '2026-11-24 09:00' }, 'publishedAt'],
    ['a date that is not one', { publishedAt: 'tomorrow' }, 'publishedAt'],
    ['a breaking flag as text', { isBreaking: 'yes' }, 'isBreaking'],
    ['a category that is not a slug', { category: 'Cyber Security!' }, 'category'],
    ['an unknown field', { tags: ['a'] }, 'tags'],
  ])('refuses %s', async (_name, overrides, field) => {
    const error = await validationError(services().articleEditing.create(draft(overrides).input, alex));
    expect(error.fields.map((f) => f.field)).toEqual([field]);
  });

  it('names an unknown category together with the other problems', async () => {
    const error = await validationError(services().articleEditing.create(draft({ category: 'gardening', title: '', sourceUrl: 'ftp://x.org/a' }).input, alex));
    expect(error.fields.map((f) => f.field).sort()).toEqual(['category', 'sourceUrl', 'title']);
    expect(error.fields.find((f) => f.field === 'category')?.message).toMatch(/Unknown category "gardening"/);
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [null, 'text', [1, 2], 42]) {
      const error = await validationError(services().articleEditing.create(body, alex));
      expect(error.fields[0].field).toBe('body');
    }
  });

  it('refuses an empty update and a bad id', async () => {
    const [first] = (await services().articles.page({ first: 1 })).nodes;
    expect((await validationError(services().articleEditing.update(first.id, {}, alex))).fields).toEqual([{ field: 'body', message: 'Send at least one field to change' }]);
    expect((await validationError(services().articleEditing.update('abc', { title: 'x' }, alex))).fields[0].field).toBe('id');
    await expect(services().articleEditing.update(999_999, { title: 'x' }, alex)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('stores nothing when the input is refused', async () => {
    const before = await services().articleEditing.list({ first: 100 });
    await validationError(services().articleEditing.create(draft({ sourceUrl: 'javascript:alert(1)' }).input, alex));
    expect((await services().articleEditing.list({ first: 100 })).nodes.length).toBe(before.nodes.length);
  });
});

describe('drafts, scheduling and unpublishing', () => {
  it('keeps a draft from readers everywhere and shows it to editors', async () => {
    const { input, word } = draft({ status: 'draft' });
    const before = await services().articles.count();
    const created = await services().articleEditing.create(input, alex);
    expect(created).toMatchObject({ status: 'draft', state: 'draft' });
    expect(await seenByReaders(created.id, word)).toEqual(nowhere);
    expect(await services().articles.count()).toBe(before);
    expect((await services().articleEditing.get(created.id)).title).toBe(input.title);
    const drafts = await services().articleEditing.list({ state: 'draft', first: 100 });
    expect(drafts.nodes.map((a) => a.id)).toContain(created.id);
    expect(drafts.nodes.every((a) => a.state === 'draft')).toBe(true);

    // Publishing it later publishes it now, not at the date it was drafted.
    later(60_000);
    const published = await services().articleEditing.update(created.id, { status: 'published' }, sam);
    expect(published.state).toBe('live');
    expect(published.publishedAt).toEqual(now);
    expect(published.publishedAt.getTime()).toBeGreaterThan(created.publishedAt.getTime());
    expect(await seenByReaders(created.id, word)).toEqual(everywhere);
    expect(await services().articles.count()).toBe(before + 1);
  });

  it('keeps a scheduled article from readers until its time, then shows it with no write', async () => {
    const { input, word } = draft({ publishedAt: new Date(now.getTime() + 3_600_000).toISOString() });
    const before = await services().articles.count('cybersecurity');
    const created = await services().articleEditing.create(input, alex);
    expect(created).toMatchObject({ status: 'published', state: 'scheduled' });
    expect(await seenByReaders(created.id, word)).toEqual(nowhere);
    expect(await services().articles.count('cybersecurity')).toBe(before);
    expect(await services().articles.nextScheduledPublication()).toEqual(created.publishedAt);
    expect((await services().articleEditing.list({ state: 'scheduled' })).nodes.map((a) => a.id)).toEqual([created.id]);

    // Its time comes: readers see it everywhere, though nothing was written.
    now = created.publishedAt;
    expect(await seenByReaders(created.id, word)).toEqual(everywhere);
    expect(await services().articles.count('cybersecurity')).toBe(before + 1);
    expect((await services().articleEditing.get(created.id)).state).toBe('live');
    expect(await services().articles.nextScheduledPublication()).toBeNull();
  });

  it('takes an unpublished article away from readers and records it once', async () => {
    const { input, word } = draft();
    const created = await services().articleEditing.create(input, alex);
    expect(await seenByReaders(created.id, word)).toEqual(everywhere);
    const unpublished = await services().articleEditing.unpublish(created.id, sam);
    expect(unpublished).toMatchObject({ status: 'draft', state: 'draft' });
    expect(await seenByReaders(created.id, word)).toEqual(nowhere);
    await services().articleEditing.unpublish(created.id, sam);
    const revisions = (await services().articleEditing.revisions(created.id)).nodes;
    expect(revisions.map((r) => [r.action, r.editor])).toEqual([
      ['unpublish', 'Sam Lee'],
      ['create', 'Alex Nguyen'],
    ]);
    expect(revisions[0].changes).toEqual({ status: { from: 'published', to: 'draft' } });
  });
});

describe('updates and revisions', () => {
  it('changes only the fields sent and records exactly what changed', async () => {
    const { input } = draft({ sourceUrl: 'https://example.org/a' });
    const created = await services().articleEditing.create(input, alex);
    const updated = await services().articleEditing.update(created.id, { title: 'A corrected headline', sourceUrl: null, isBreaking: false }, sam);
    expect(updated).toMatchObject({ title: 'A corrected headline', sourceUrl: null, excerpt: input.excerpt, content: input.content });
    const [latest] = (await services().articleEditing.revisions(created.id)).nodes;
    expect(latest).toMatchObject({ action: 'update', editor: 'Sam Lee' });
    expect(latest.changes).toEqual({
      title: { from: input.title, to: 'A corrected headline' },
      sourceUrl: { from: 'https://example.org/a', to: null },
    });
    // Sending the values it already has changes nothing and records nothing.
    await services().articleEditing.update(created.id, { title: 'A corrected headline' }, sam);
    expect((await services().articleEditing.revisions(created.id)).nodes).toHaveLength(2);
  });

  it('moves the article and its generated cover to another category', async () => {
    const created = await services().articleEditing.create(draft({ title: 'Robotaxi trial expands' }).input, alex);
    const moved = await services().articleEditing.update(created.id, { category: 'autonomous-vehicles' }, alex);
    expect(moved.category.slug).toBe('autonomous-vehicles');
    expect(moved.imageUrl).toBe('/media/covers/autonomous-vehicles--robotaxi-trial-expands');
    const [latest] = (await services().articleEditing.revisions(created.id)).nodes;
    expect(latest.changes).toEqual({ category: { from: 'cybersecurity', to: 'autonomous-vehicles' } });
  });

  it('reschedules an article into the future and back', async () => {
    const { input, word } = draft();
    const created = await services().articleEditing.create(input, alex);
    const inAnHour = new Date(now.getTime() + 3_600_000);
    expect((await services().articleEditing.update(created.id, { publishedAt: inAnHour.toISOString() }, alex)).state).toBe('scheduled');
    expect(await seenByReaders(created.id, word)).toEqual(nowhere);
    expect((await services().articleEditing.update(created.id, { publishedAt: null }, alex)).state).toBe('live');
    expect(await seenByReaders(created.id, word)).toEqual(everywhere);
  });

  it('pages revisions newest first', async () => {
    const created = await services().articleEditing.create(draft().input, alex);
    for (let i = 1; i <= 4; i++) await services().articleEditing.update(created.id, { excerpt: `Excerpt ${i}.` }, alex);
    const first = await services().articleEditing.revisions(created.id, { first: 3 });
    expect(first.nodes.map((r) => r.changes.excerpt?.to)).toEqual(['Excerpt 4.', 'Excerpt 3.', 'Excerpt 2.']);
    expect(first.hasNextPage).toBe(true);
    const rest = await services().articleEditing.revisions(created.id, { first: 3, after: first.cursors.at(-1) });
    expect(rest.nodes.map((r) => r.action)).toEqual(['update', 'create']);
    expect(rest.hasNextPage).toBe(false);
  });
});

describe('deleting', () => {
  it('removes the article for good and keeps its history, last revision holding every field', async () => {
    const { input, word } = draft();
    const created = await services().articleEditing.create(input, alex);
    expect(await services().articleEditing.delete(created.id, sam)).toBe(created.id);
    expect(await seenByReaders(created.id, word)).toEqual(nowhere);
    await expect(services().articleEditing.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(services().articleEditing.delete(created.id, sam)).rejects.toBeInstanceOf(NotFoundError);
    const revisions = (await services().articleEditing.revisions(created.id)).nodes;
    expect(revisions.map((r) => r.action)).toEqual(['delete', 'create']);
    expect(revisions[0].changes.title).toEqual({ from: input.title, to: null });
  });

  it('answers 404 for the revisions of an article that never existed, and an empty list for a seeded one', async () => {
    await expect(services().articleEditing.revisions(999_999)).rejects.toBeInstanceOf(NotFoundError);
    const [seeded] = (await services().articles.page({ first: 1, category: categories[0].slug })).nodes;
    expect((await services().articleEditing.revisions(seeded.id)).nodes).toEqual([]);
  });
});

describe("editors' list", () => {
  it('holds every article, filtered by state and category', async () => {
    const all = await services().articleEditing.list({ first: 100, category: 'edtech' });
    expect(all.nodes.every((a) => a.category.slug === 'edtech')).toBe(true);
    expect(all.nodes.length).toBe(testArticles.filter((a) => a.categorySlug === 'edtech').length);
    const live = await services().articleEditing.list({ first: 100, state: 'live' });
    expect(live.nodes.every((a) => a.state === 'live')).toBe(true);
  });

  it('filters by kind in the query, so every page of the list holds only that kind', async () => {
    const opinion = await services().articleEditing.create(draft({ kind: 'opinion' }).input, alex);
    const analysis = await services().articleEditing.create(draft({ kind: 'analysis' }).input, alex);
    const first = await services().articleEditing.list({ first: 1, kind: 'opinion' });
    const rest = await services().articleEditing.list({ first: 100, kind: 'opinion', after: first.cursors.at(-1) });
    const opinions = [...first.nodes, ...rest.nodes];
    expect(first.nodes).toHaveLength(1);
    expect(opinions.every((a) => a.kind === 'opinion')).toBe(true);
    expect(opinions.map((a) => a.id)).toContain(opinion.id);
    const news = await services().articleEditing.list({ first: 100, kind: 'news' });
    expect(news.nodes.length).toBeGreaterThan(0);
    expect(news.nodes.some((a) => a.id === opinion.id || a.id === analysis.id)).toBe(false);
    expect((await services().articleEditing.list({ first: 100, kind: 'analysis' })).nodes.map((a) => a.id)).toContain(analysis.id);
  });
});
