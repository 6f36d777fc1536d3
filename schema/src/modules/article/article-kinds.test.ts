import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Editor } from '../editor/editor-roles.js';

/** Honest labels: news by default, the kind readers see, a sponsored article always naming its sponsor. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork());
const alex: Editor = { name: 'Alex Nguyen', role: 'editor' };
const story = (overrides: Record<string, unknown> = {}) => ({
  title: `A story ${Math.random()}`,
  excerpt: 'Excerpt.',
  content: 'The body of the story. It has two sentences.',
  category: 'cybersecurity',
  author: 'Alex Nguyen',
  ...overrides,
});

async function problemsOf(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields.map((f) => f.field);
}

describe('article kinds', () => {
  it('is news unless said otherwise, and readers read the kind an editor set', async () => {
    const plain = await services().articleEditing.create(story(), alex);
    expect((await services().articles.getById(plain.id)).kind).toBe('news');
    const opinion = await services().articleEditing.create(story({ kind: 'opinion' }), alex);
    expect((await services().articles.getById(opinion.id)).kind).toBe('opinion');
  });

  it('a sponsored article names its sponsor, on create and on a change of kind', async () => {
    expect(await problemsOf(services().articleEditing.create(story({ kind: 'sponsored' }), alex))).toEqual(['sponsorName']);
    const paid = await services().articleEditing.create(story({ kind: 'sponsored', sponsorName: 'SummitStack Hosting' }), alex);
    expect(await services().articles.getById(paid.id)).toMatchObject({ kind: 'sponsored', sponsorName: 'SummitStack Hosting' });
    const news = await services().articleEditing.create(story(), alex);
    expect(await problemsOf(services().articleEditing.update(news.id, { kind: 'sponsored' }, alex))).toEqual(['sponsorName']);
    expect(await problemsOf(services().articleEditing.create(story({ kind: 'advertorial' }), alex))).toEqual(['kind']);
  });

  it('a change of kind is a revision', async () => {
    const s = services();
    const article = await s.articleEditing.create(story(), alex);
    await s.articleEditing.update(article.id, { kind: 'analysis' }, alex);
    const [latest] = (await services().articleEditing.revisions(article.id)).nodes;
    expect(latest.changes.kind).toEqual({ from: 'news', to: 'analysis' });
  });
});
