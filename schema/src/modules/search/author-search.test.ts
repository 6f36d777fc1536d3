import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { Author } from '../author/author.entity.js';
import { authorQueryWords, MAX_AUTHOR_MATCHES } from './search.service.js';

/** Authors found by name in search: every query word begins a word of the name, case and accents aside. */
const PEOPLE: [slug: string, name: string, role: string][] = [
  ['zoe-ngo-arden', 'Zoë Ngô-Arden', 'Senior Reporter, Security'],
  ['priya-quellhart', 'Priya Quellhart', 'Editor'],
  ['sean-obrallagh', "Seán O'Brallagh", 'Reporter, Startups'],
  ['jose-quellmann', 'José Quellmann', 'Reporter, Policy'],
  ...Array.from({ length: MAX_AUTHOR_MATCHES + 2 }, (_, i): [string, string, string] => [`vantrell-${i}`, `Vantrell Person${String.fromCharCode(65 + i)}`, 'Reporter']),
];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  const em = db.orm.em.fork();
  for (const [slug, name, role] of PEOPLE) em.create(Author, { slug, name, role, bio: '', photoUrl: null, categorySlugs: ['cybersecurity'], linkedinUrl: null, websiteUrl: null, fediverseHandle: null });
  await em.flush();
});
afterAll(async () => {
  await db.close();
});

const namesFor = async (query: string) => (await createServices(db.orm.em.fork()).search.matchingAuthors(query)).map((a) => a.name);

describe('matchingAuthors', () => {
  it('finds an author by the start of any word of their name, in any case', async () => {
    expect(await namesFor('priya')).toEqual(['Priya Quellhart']);
    expect(await namesFor('QUELLH')).toEqual(['Priya Quellhart']);
    expect(await namesFor('quell')).toEqual(['José Quellmann', 'Priya Quellhart']);
    expect(await namesFor('quellhart priya')).toEqual(['Priya Quellhart']);
  });

  it('ignores accents on either side, and splits names at hyphens and apostrophes', async () => {
    expect(await namesFor('zoe')).toEqual(['Zoë Ngô-Arden']);
    expect(await namesFor('Zoë ngo')).toEqual(['Zoë Ngô-Arden']);
    expect(await namesFor('arden')).toEqual(['Zoë Ngô-Arden']);
    expect(await namesFor('jose')).toEqual(['José Quellmann']);
    expect(await namesFor('SEAN brall')).toEqual(["Seán O'Brallagh"]);
  });

  it('needs every word to match, and never matches inside a word', async () => {
    expect(await namesFor('priya quellmann')).toEqual([]);
    expect(await namesFor('uellhart')).toEqual([]);
    expect(await namesFor('ransomware')).toEqual([]);
    // An excluded word is not a name to look for.
    expect(await namesFor('priya -quellhart')).toEqual(['Priya Quellhart']);
  });

  it('answers the whole profile, at most MAX_AUTHOR_MATCHES, by name', async () => {
    const found = await createServices(db.orm.em.fork()).search.matchingAuthors('vantrell');
    expect(found.map((a) => a.name)).toEqual(Array.from({ length: MAX_AUTHOR_MATCHES }, (_, i) => `Vantrell Person${String.fromCharCode(65 + i)}`));
    const [first] = await createServices(db.orm.em.fork()).search.matchingAuthors('zoe');
    expect(first).toMatchObject({ slug: 'zoe-ngo-arden', role: 'Senior Reporter, Security', categorySlugs: ['cybersecurity'], photoUrl: null });
    expect(typeof first.id).toBe('number');
    expect(first.updatedAt).toBeInstanceOf(Date);
  });

  it('reads in one statement on the read connection', async () => {
    const em = db.orm.em.fork();
    const connections = vi.spyOn(em, 'getConnection');
    db.queries.length = 0;
    expect((await createServices(em).search.matchingAuthors('priya')).map((a) => a.name)).toEqual(['Priya Quellhart']);
    expect(db.queries).toHaveLength(1);
    expect(connections.mock.calls).toEqual([['read']]);
  });

  it('refuses a blank or overlong query like search does, naming the argument', async () => {
    const error = await createServices(db.orm.em.fork()).search.matchingAuthors('   ', 'q').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields[0].field).toBe('q');
  });

  it('folds the query as the names are folded', () => {
    expect(authorQueryWords('  Zoë   NGÔ-árden "quoted" -excluded ')).toEqual(['zoe', 'ngo', 'arden', 'quoted']);
  });
});
