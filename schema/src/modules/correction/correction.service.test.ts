import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { ALL_TAG } from '../../lib/cache-tags.js';
import { onContentChange } from '../../runtime/content-changes.js';
import { createServices, type Services } from '../../runtime/services.js';
import { TEST_NOW } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Editor } from '../editor/editor-roles.js';

/** Corrections: on published articles only, plain text, all kept, dateModified moved, a revision each. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const later = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);
const servicesAt = (now: Date): Services => createServices(db.orm.em.fork(), { clock: () => now });
const alex: Editor = { name: 'Alex Nguyen', role: 'editor' };

async function problemsOf(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields.map((f) => f.field);
}

describe('CorrectionService', () => {
  it('adds corrections that are all kept, newest first, and moves the article dateModified', async () => {
    const s = servicesAt(later(1));
    const [article] = (await s.articles.page({ first: 1 })).nodes;
    const before = article.updatedAt.getTime();
    await s.corrections.add(article.id, { kind: 'correction', text: 'An earlier version gave the round as $38 million; it was $28 million.' }, alex);
    const t = servicesAt(later(2));
    await t.corrections.add(String(article.id), { kind: 'clarification', text: 'The company is based in Perth, not Fremantle.' }, alex);
    const u = servicesAt(later(3));
    const notes = await u.corrections.forArticle(article.id);
    expect(notes.map((n) => n.kind)).toEqual(['clarification', 'correction']);
    expect((await u.articles.getById(article.id)).updatedAt.getTime()).toBeGreaterThan(before);
  });

  it('records each as a revision naming the editor', async () => {
    const s = servicesAt(later(4));
    const [article] = (await s.articles.page({ first: 1 })).nodes;
    const revisions = await s.articleEditing.revisions(article.id);
    expect(revisions.nodes[0]).toMatchObject({ editor: 'Alex Nguyen', action: 'update' });
    expect(Object.keys(revisions.nodes[0].changes)).toEqual(['clarification']);
  });

  it('lists every correction of visible articles newest first, with the headline, paged', async () => {
    const s = servicesAt(later(5));
    const first = await s.corrections.recent({ first: 1 });
    expect(first.nodes[0]).toMatchObject({ kind: 'clarification' });
    expect(first.nodes[0].articleTitle.length).toBeGreaterThan(0);
    expect(first.hasNextPage).toBe(true);
    const next = await s.corrections.recent({ first: 10, after: first.cursors[0] });
    expect(next.nodes.map((n) => n.kind)).toEqual(['correction']);
  });

  it('refuses HTML in the text and an unknown kind, naming the fields', async () => {
    const s = servicesAt(later(6));
    const [article] = (await s.articles.page({ first: 1 })).nodes;
    expect(await problemsOf(s.corrections.add(article.id, { kind: 'retraction', text: 'Fixed <img src=x onerror=alert(1)>' }, alex))).toEqual(['kind', 'text']);
    expect(await problemsOf(s.corrections.add(article.id, { text: '' }, alex))).toEqual(['text']);
  });

  it('refuses a draft (articleId) and answers NotFound for an unknown article', async () => {
    const s = servicesAt(later(7));
    const draft = await s.articleEditing.create(
      { title: 'A draft to correct', excerpt: 'Excerpt.', content: 'Body.', category: 'cybersecurity', author: 'Alex Nguyen', status: 'draft' },
      alex,
    );
    expect(await problemsOf(s.corrections.add(draft.id, { text: 'Too early.' }, alex))).toEqual(['articleId']);
    await expect(s.corrections.add(999_999, { text: 'Nothing here.' }, alex)).rejects.toBeInstanceOf(NotFoundError);
  });
});

// Last: the correction it adds would change what the tests above list.
describe('a correction, once committed', () => {
  it('announces a correction as a change to every cached answer, so /corrections and its feed are fresh at once', async () => {
    const announced: { entities: readonly string[]; tags: readonly string[] }[] = [];
    const stop = onContentChange((entities, tags) => announced.push({ entities, tags }));
    try {
      const s = servicesAt(later(1));
      const [article] = (await s.articles.page({ first: 1 })).nodes;
      await s.corrections.add(article.id, { kind: 'clarification', text: 'The trial runs in Adelaide, not Darwin.' }, alex);
    } finally {
      stop();
    }
    expect(announced.some(({ entities, tags }) => entities.includes('ArticleCorrection') && tags.includes(ALL_TAG))).toBe(true);
  });
});
