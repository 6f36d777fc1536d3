import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { testArticles, TEST_NOW } from '../../test/test-content.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Editor } from '../editor/editor-roles.js';

/** Authors as people: profiles validated field by field, bylines linked by name, their articles paged. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const services = (): Services => createServices(db.orm.em.fork(), { clock: () => TEST_NOW });
const alex: Editor = { name: 'Alex Nguyen', role: 'editor' };

const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maren Talbot',
  role: 'Senior Reporter, Security',
  bio: 'Maren covers breaches and the agencies that answer them.',
  categorySlugs: ['cybersecurity'],
  linkedinUrl: 'https://www.linkedin.com/in/maren-talbot',
  fediverseHandle: '@maren@aus.social',
  ...overrides,
});

async function problemsOf(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields.map((f) => f.field);
}

describe('AuthorService', () => {
  it('creates an author whose slug comes from the name, and the byline links to them', async () => {
    const created = await services().authors.create(profile(), alex);
    expect(created).toMatchObject({ slug: 'maren-talbot', role: 'Senior Reporter, Security', fediverseHandle: '@maren@aus.social' });
    const s = services();
    expect(await s.authors.findBySlug('maren-talbot')).toMatchObject({ name: 'Maren Talbot' });
    const page = await s.articles.page({ first: 100 });
    const hers = page.nodes.filter((a) => a.author === 'Maren Talbot');
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((a) => a.authorSlug === 'maren-talbot')).toBe(true);
    expect(page.nodes.filter((a) => a.author === 'Jonah Ferrier').every((a) => a.authorSlug === null)).toBe(true);
  });

  it('pages their articles newest first, counting all of them', async () => {
    const s = services();
    const author = await s.authors.getBySlug('maren-talbot');
    const expected = testArticles.filter((a) => a.author === 'Maren Talbot').length;
    const first = await s.authors.articles(author, { first: 2 });
    expect(first.total).toBe(expected);
    expect(first.nodes).toHaveLength(2);
    const rest = await s.authors.articles(author, { first: 100, after: first.cursors.at(-1) });
    const all = [...first.nodes, ...rest.nodes];
    expect(all).toHaveLength(expected);
    const times = all.map((a) => a.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((a) => a.author))).toEqual(new Set(['Maren Talbot']));
  });

  it('refuses HTML in a bio, a javascript: or http: profile link and a malformed handle, naming each field', async () => {
    expect(
      await problemsOf(
        services().authors.create(
          profile({ name: 'Eve Example', bio: 'Hello <script>alert(1)</script>', linkedinUrl: 'javascript:alert(1)', websiteUrl: 'http://example.com', fediverseHandle: 'eve' }),
          alex,
        ),
      ),
    ).toEqual(['bio', 'linkedinUrl', 'websiteUrl', 'fediverseHandle']);
  });

  it('refuses oversized values and markup in any text field, naming each field, on create and on update', async () => {
    const fields = async (work: Promise<unknown>) => [...new Set(await problemsOf(work))].sort();
    expect(
      await fields(
        services().authors.create(
          profile({
            name: 'N'.repeat(121),
            role: 'R'.repeat(121),
            bio: 'b'.repeat(2_001),
            linkedinUrl: `https://www.linkedin.com/in/${'a'.repeat(300)}`,
            websiteUrl: 'data:text/html,hello',
            fediverseHandle: `@${'a'.repeat(200)}@aus.social`,
            categorySlugs: Array.from({ length: 13 }, () => 'cybersecurity'),
          }),
          alex,
        ),
      ),
    ).toEqual(['bio', 'categorySlugs', 'fediverseHandle', 'linkedinUrl', 'name', 'role', 'websiteUrl']);
    expect(await fields(services().authors.create(profile({ name: 'Eve &amp; Co', role: '<i>Reporter</i>' }), alex))).toEqual(['name', 'role']);
    expect(await fields(services().authors.update('maren-talbot', { linkedinUrl: 'javascript:alert(1)', bio: '<img src=x onerror=alert(1)>' }, alex))).toEqual(['bio', 'linkedinUrl']);
    // Nothing of a refused write is kept.
    expect(await services().authors.getBySlug('maren-talbot')).toMatchObject({ linkedinUrl: 'https://www.linkedin.com/in/maren-talbot' });
  });

  it('refuses a category that does not exist, naming categorySlugs, rather than dropping it', async () => {
    expect(await problemsOf(services().authors.create(profile({ name: 'Iris Pemberton', categorySlugs: ['cybersecurity', 'not-a-category'] }), alex))).toEqual(['categorySlugs']);
    expect(await problemsOf(services().authors.update('maren-talbot', { categorySlugs: ['nope'] }, alex))).toEqual(['categorySlugs']);
    expect(await problemsOf(services().authors.create(profile({ name: 'Iris Pemberton', categorySlugs: [`a${'-b'.repeat(100)}`] }), alex))).toEqual(['categorySlugs.0']);
    expect(await services().authors.findBySlug('iris-pemberton')).toBeNull();
  });

  it('refuses a taken name or slug', async () => {
    expect(await problemsOf(services().authors.create(profile(), alex))).toEqual(['slug']);
    expect(await problemsOf(services().authors.create(profile({ slug: 'someone-else' }), alex))).toEqual(['name']);
  });

  it('renaming an author rewrites their bylines, so every article keeps its author', async () => {
    const s = services();
    const before = (await s.authors.articles(await s.authors.getBySlug('maren-talbot'), { first: 100 })).total;
    await s.authors.update('maren-talbot', { name: 'Maren Talbot-Hughes' }, alex);
    const after = services();
    const renamed = await after.authors.getBySlug('maren-talbot');
    expect(renamed.name).toBe('Maren Talbot-Hughes');
    expect((await after.authors.articles(renamed, { first: 100 })).total).toBe(before);
    const page = await after.articles.page({ first: 100 });
    expect(page.nodes.some((a) => a.author === 'Maren Talbot')).toBe(false);
  });

  it('answers null for an unknown or implausible slug, and getBySlug a NotFoundError', async () => {
    const s = services();
    expect(await s.authors.findBySlug('nobody-here')).toBeNull();
    expect(await s.authors.findBySlug('../etc/passwd')).toBeNull();
    await expect(s.authors.getBySlug('nobody-here')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('launch authors', () => {
  it('every launch article has an author page', async () => {
    const launch = await createTestDatabase({ seed: 'launch' });
    try {
      const s = createServices(launch.orm.em.fork(), { clock: () => TEST_NOW });
      const page = await s.articles.page({ first: 100 });
      expect(page.nodes.length).toBeGreaterThan(0);
      expect(page.nodes.filter((a) => a.authorSlug === null).map((a) => a.author)).toEqual([]);
      const authors = await s.authors.list();
      expect(authors.every((a) => a.bio.length > 0 && a.role.length > 0)).toBe(true);
    } finally {
      await launch.close();
    }
  });
});
