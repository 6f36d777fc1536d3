import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { createServices, type Services } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { Article } from '../article/article.entity.js';
import { insertSearchFixtures, type SearchFixture } from './search.fixtures.js';
import {
  decodeSearchCursor,
  editDistance,
  encodeSearchCursor,
  MAX_SEARCH_QUERY_LENGTH,
  parseSearchText,
  positiveText,
  type SearchResults,
  snippetToHtml,
} from './search.service.js';

// Every row a test asserts on is created here, with made-up words no other row uses.
const fixtures: SearchFixture[] = [
  // ranking: title above excerpt above body, whatever the dates
  { key: 'rank-body', title: 'Port operator upgrades cranes', content: 'The vortexine coating, vortexine sealant and more vortexine.', hoursAgo: 1 },
  { key: 'rank-excerpt', title: 'Coatings market report', excerpt: 'Why vortexine matters for ships.', hoursAgo: 5 },
  { key: 'rank-title', title: 'Vortexine approved for bridges', hoursAgo: 400 },
  // ties and near ties: newer first; a clearly stronger match beats a day's difference
  { key: 'tie-old', title: 'Quillotron ships to schools', hoursAgo: 48 },
  { key: 'tie-new', title: 'Quillotron ships to farms', hoursAgo: 2 },
  { key: 'blend-strong', title: 'Brannock Brannock sensor', excerpt: 'The Brannock sensor explained.', content: 'Brannock, Brannock and Brannock.', hoursAgo: 30 },
  { key: 'blend-weak', title: 'Brannock sensor recall widens to every unit sold across the country this year', hoursAgo: 3 },
  { key: 'blend-ancient', title: 'Brannock Brannock sensor', excerpt: 'The Brannock sensor explained.', content: 'Brannock, Brannock and Brannock.', hoursAgo: 24 * 400 },
  // stems
  { key: 'stem-attacked', title: 'Hackers attacked the Hollowmere port', hoursAgo: 3 },
  { key: 'stem-attacks', title: 'Attacks on Hollowmere routers rise', hoursAgo: 4 },
  // spelling variants, British and American
  {
    key: 'spell-uk',
    title: 'Tarrowby report',
    content: 'The organisation will optimise the colour of the centre and analyse its behaviour and defence.',
    hoursAgo: 6,
  },
  {
    key: 'spell-us',
    title: 'Tarrowby review',
    content: 'The organization will optimize the color of the center and analyze its behavior and defense.',
    hoursAgo: 7,
  },
  // phrases
  { key: 'phrase-yes', title: 'Lab news', content: 'A zanthic lattice was grown overnight.', hoursAgo: 8 },
  { key: 'phrase-no', title: 'Lab notes', content: 'The lattice looked zanthic under light.', hoursAgo: 9 },
  // exclusion and or
  { key: 'excl-parcels', title: 'Zarquon drones deliver parcels', hoursAgo: 10 },
  { key: 'excl-storm', title: 'Zarquon drones crash in a storm', hoursAgo: 11 },
  { key: 'or-plinthar', title: 'Plinthar battery cells', hoursAgo: 12 },
  { key: 'or-gromwell', title: 'Gromwell battery cells', hoursAgo: 13 },
  // category filter
  { key: 'cat-alpha', title: 'Fennimore update', category: 'search-alpha', hoursAgo: 14 },
  { key: 'cat-beta', title: 'Fennimore recall', category: 'search-beta', hoursAgo: 15 },
  // escaping
  {
    key: 'xss',
    title: 'Snorkelwix review',
    content: 'Before <script>alert("owned")</script> & <b>now</b> after, the snorkelwix is "here".',
    hoursAgo: 16,
  },
  // typo suggestion
  { key: 'typo', title: 'Cybernautics firm expands', content: 'The cybernautics market grew.', hoursAgo: 17 },
  // exact word forms above other words of the same stem (organisation, organiser: "organis")
  { key: 'form-organiser', title: 'Velloran organiser named', hoursAgo: 1 },
  { key: 'form-organisation', title: 'Velloran organisation named', hoursAgo: 30 },
  // multi-word typos
  { key: 'typo-multi', title: 'Thornquist satellite launches', content: 'The Thornquist constellation reached orbit.', hoursAgo: 18 },
  // multi-word typos of real words (their stems kept apart: no other row uses them)
  { key: 'typo-breach', title: 'Cybersecurity breach exposes records', hoursAgo: 19 },
  { key: 'typo-quantum', title: 'Quantum computing lab opens', content: 'Artificial intelligence meets new hardware.', hoursAgo: 19 },
  // pagination: 25 matches of one word
  ...Array.from({ length: 25 }, (_, i) => ({
    key: `page-${i}`,
    title: `Paginor note ${i}`,
    content: 'paginor '.repeat(1 + (i % 4)),
    hoursAgo: 20 + i * 7,
  })),
];

let db: TestDatabase;
let services: Services;
let ids: Record<string, number>;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  ids = await insertSearchFixtures(db.orm.em, fixtures);
});
afterAll(async () => {
  await db.close();
});

async function search(query: string, options: { first?: number; after?: string; category?: string } = {}): Promise<SearchResults> {
  services = createServices(db.orm.em.fork());
  return services.search.search({ query, ...options });
}
const keysOf = (results: SearchResults) => {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return results.nodes.map((hit) => byId.get(hit.article.id));
};

describe('ranking', () => {
  it('puts title matches above excerpt matches above body-only matches, whatever the dates', async () => {
    expect(keysOf(await search('vortexine'))).toEqual(['rank-title', 'rank-excerpt', 'rank-body']);
  });

  it('orders ties newer first', async () => {
    expect(keysOf(await search('quillotron'))).toEqual(['tie-new', 'tie-old']);
  });

  it('puts articles that use the exact word form above other words of the same stem, whatever their age', async () => {
    expect(keysOf(await search('velloran organisation'))).toEqual(['form-organisation', 'form-organiser']);
    expect(keysOf(await search('velloran organiser'))).toEqual(['form-organiser', 'form-organisation']);
    // The title still outranks the body: exact forms order within a tier.
    expect(keysOf(await search('organisation tarrowby'))).toEqual(['spell-uk', 'spell-us']);
  });

  it('blends relevance with recency: stronger wins over a day, a year of age wins over strength', async () => {
    expect(keysOf(await search('brannock'))).toEqual(['blend-strong', 'blend-weak', 'blend-ancient']);
  });
});

describe('query semantics', () => {
  it('matches stems: attack, attacks, attacked, attacking', async () => {
    for (const word of ['attack', 'attacks', 'attacked', 'attacking']) {
      expect(new Set(keysOf(await search(`${word} hollowmere`))), word).toEqual(new Set(['stem-attacked', 'stem-attacks']));
    }
  });

  it.each([
    ['organisation', 'organization'],
    ['optimise', 'optimize'],
    ['colour', 'color'],
    ['centre', 'center'],
    ['analyse', 'analyze'],
    ['behaviour', 'behavior'],
    ['defence', 'defense'],
  ])('finds British and American spellings from either: %s / %s', async (british, american) => {
    for (const word of [british, american]) {
      expect(new Set(keysOf(await search(`tarrowby ${word}`))), word).toEqual(new Set(['spell-uk', 'spell-us']));
    }
  });

  it('marks the spelling each article uses in its snippet', async () => {
    const results = await search('tarrowby organization colour');
    const snippets = Object.fromEntries(results.nodes.map((hit, i) => [keysOf(results)[i], hit.snippet]));
    expect(snippets['spell-uk']).toContain('<mark>organisation</mark>');
    expect(snippets['spell-uk']).toContain('<mark>colour</mark>');
    expect(snippets['spell-us']).toContain('<mark>organization</mark>');
    expect(snippets['spell-us']).toContain('<mark>color</mark>');
  });

  it('requires every word by default', async () => {
    expect(keysOf(await search('zarquon parcels'))).toEqual(['excl-parcels']);
    expect((await search('plinthar gromwell')).totalCount).toBe(0);
  });

  it('matches "quoted phrases" only with the words together, in order', async () => {
    expect(keysOf(await search('"zanthic lattice"'))).toEqual(['phrase-yes']);
    expect(new Set(keysOf(await search('zanthic lattice')))).toEqual(new Set(['phrase-yes', 'phrase-no']));
  });

  it('excludes -words and -"phrases"', async () => {
    expect(keysOf(await search('zarquon -storm'))).toEqual(['excl-parcels']);
    expect(keysOf(await search('zarquon -"deliver parcels"'))).toEqual(['excl-storm']);
  });

  it('accepts or between alternatives', async () => {
    expect(new Set(keysOf(await search('plinthar or gromwell')))).toEqual(new Set(['or-plinthar', 'or-gromwell']));
  });

  it('filters by category slug, counting the same set, and refuses an unknown category', async () => {
    const alpha = await search('fennimore', { category: 'search-alpha' });
    expect(keysOf(alpha)).toEqual(['cat-alpha']);
    expect(alpha.totalCount).toBe(1);
    expect((await search('fennimore')).totalCount).toBe(2);
    await expect(search('fennimore', { category: 'gardening' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('did you mean', () => {
  it('offers the closest indexed word when nothing matches', async () => {
    const results = await search('cybernautcs');
    expect(results.totalCount).toBe(0);
    expect(results.suggestion).toBe('cybernautics');
    expect((await search(results.suggestion!)).totalCount).toBe(1);
  });

  it('keeps the rest of the query and corrects each unknown word', async () => {
    expect((await search('Quillotorn ships -farms')).suggestion).toBe('Quillotron ships -farms');
  });

  it('corrects several misspelt words of one query', async () => {
    for (const [typed, meant] of [
      ['thornqist satelite', 'thornquist satellite'],
      ['thornqist orbt', 'thornquist orbit'],
      ['cybernautcs markt', 'cybernautics market'],
    ]) {
      const results = await search(typed);
      expect(results.totalCount, typed).toBe(0);
      expect(results.suggestion, typed).toBe(meant);
      expect((await search(meant)).totalCount, meant).toBeGreaterThan(0);
    }
  });

  it('corrects real words of a multi-word query, one or all of them, in the case typed', async () => {
    for (const [typed, meant] of [
      ['cybersecurity breech', 'cybersecurity breach'],
      ['cybersecurty breech', 'cybersecurity breach'],
      ['quantun computing', 'quantum computing'],
      ['Quantun Computing', 'Quantum Computing'],
      ['QUANTUN computng', 'QUANTUM computing'],
      // Stemmed unlike the word meant (`artif`, `intelig`): judged by the words, not their stems.
      ['artifical inteligence', 'artificial intelligence'],
    ]) {
      const results = await search(typed);
      expect(results.totalCount, typed).toBe(0);
      expect(results.suggestion, typed).toBe(meant);
      expect((await search(meant)).totalCount, meant).toBe(1);
    }
  });

  it('offers nothing when the corrected words are in no article together', async () => {
    // "quantum" and "breach" are both indexed, in different articles.
    expect((await search('quantun breech')).suggestion).toBeNull();
  });

  it('is null when results exist or nothing is close', async () => {
    expect((await search('cybernautics')).suggestion).toBeNull();
    expect((await search('xqzvbnmwpk')).suggestion).toBeNull();
    expect((await search('the')).suggestion).toBeNull();
  });

  it('follows inserts, updates and deletes of articles', async () => {
    const term = async (word: string) =>
      ((await db.orm.em.getConnection().execute('select documents from search_term where term = ?', [word])) as { documents: number }[])[0]
        ?.documents ?? 0;
    const { wobbegong } = await insertSearchFixtures(db.orm.em, [{ key: 'wobbegong', title: 'Wobbegong robotics raises funds' }]);
    expect(await term('wobbegong')).toBe(1);
    expect((await search('wobegong')).suggestion).toBe('wobbegong');
    const em = db.orm.em.fork();
    await em.nativeUpdate(Article, { id: wobbegong }, { title: 'Robotics raises funds' });
    expect(await term('wobbegong')).toBe(0);
    await em.nativeUpdate(Article, { id: wobbegong }, { title: 'Wobbegong robotics raises funds' });
    await em.nativeUpdate(Article, { id: wobbegong }, { isBreaking: true });
    expect(await term('wobbegong')).toBe(1);
    await em.nativeDelete(Article, { id: wobbegong });
    expect(await term('wobbegong')).toBe(0);
    expect((await search('wobegong')).suggestion).toBeNull();
  });
});

describe('pagination', () => {
  it('walks every match once with keyset cursors, in the order of one big page', async () => {
    const all = await search('paginor', { first: 100 });
    expect(all.totalCount).toBe(25);
    expect(all.capped).toBe(false);
    const seen: number[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await search('paginor', { first: 7, after });
      expect(page.totalCount).toBe(25);
      expect(page.hasPreviousPage).toBe(Boolean(after));
      seen.push(...page.nodes.map((hit) => hit.article.id));
      if (!page.hasNextPage) break;
      after = page.cursors.at(-1);
    }
    expect(seen).toEqual(all.nodes.map((hit) => hit.article.id));
  });

  it('keeps its place when a new match arrives between pages', async () => {
    const first = await search('paginor', { first: 5 });
    await insertSearchFixtures(db.orm.em, [{ key: 'page-late', title: 'Paginor paginor late note', hoursAgo: 0 }]);
    const second = await search('paginor', { first: 5, after: first.cursors.at(-1) });
    const firstIds = first.nodes.map((hit) => hit.article.id);
    expect(second.nodes.every((hit) => !firstIds.includes(hit.article.id))).toBe(true);
    await db.orm.em.fork().nativeDelete(Article, { slug: 'search-page-late' });
  });

  it('caps page sizes at 100 and refuses sizes below 1 and malformed cursors', async () => {
    expect((await search('paginor', { first: 5000 })).nodes.length).toBe(25);
    await expect(search('paginor', { first: 0 })).rejects.toBeInstanceOf(ValidationError);
    for (const after of ['%%%', 'x'.repeat(300), Buffer.from('s|99|1|1').toString('base64url'), Buffer.from('s|1|NaN|1').toString('base64url')]) {
      await expect(search('paginor', { after })).rejects.toThrow('after is not a valid cursor');
    }
  });

  it('round-trips cursors exactly', () => {
    const cursor = { tier: 2, score: 1480.6546599159713, id: 42 };
    expect(decodeSearchCursor(encodeSearchCursor(cursor))).toEqual(cursor);
  });
});

describe('snippets', () => {
  it('escapes every character of the article and marks only the matched words', async () => {
    const [hit] = (await search('snorkelwix')).nodes;
    expect(hit.snippet).toContain('<mark>snorkelwix</mark>');
    expect(hit.snippet).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
    expect(hit.snippet).toContain('&amp; &lt;b&gt;now&lt;/b&gt; after');
    expect(hit.snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
  });

  it('turns markers into <mark> only after escaping', () => {
    expect(snippetToHtml('a \uE000<b>\uE001 & \uE002x\uE003')).toBe('a <mark>&lt;b&gt;</mark> &amp; &lt;x&gt;');
  });

  it('shows the start of the article when only the title matched', async () => {
    const results = await search('vortexine');
    const titleOnly = results.nodes.find((h) => h.article.id === ids['rank-title'])!;
    expect(titleOnly.snippet).toMatch(/^A short note/);
  });
});

describe('input', () => {
  it('refuses blank and overlong queries, naming the argument', async () => {
    for (const blank of ['', '   ', '\u0000\u0000', '\n\t']) {
      await expect(search(blank)).rejects.toMatchObject({ message: 'query must not be blank', fields: [{ field: 'query' }] });
    }
    expect(() => parseSearchText(' ', 'q')).toThrow('q must not be blank');
    expect(() => parseSearchText(['a', 'b'], 'q')).toThrow('q must be given once, as text');
    await expect(search('a'.repeat(MAX_SEARCH_QUERY_LENGTH + 1))).rejects.toMatchObject({
      message: `query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`,
    });
    expect(parseSearchText('😀'.repeat(MAX_SEARCH_QUERY_LENGTH))).toHaveLength(2 * MAX_SEARCH_QUERY_LENGTH);
  });

  it.each([
    '"', "'", '&', '|', '!', ':*', '\\', '\u0000', '😀', '\uD800', '\uDC00x', 'quillotron\u0000ships', '""', '"unterminated',
    '-', '--', '- -', '-"', 'or', 'or or', 'and', '!!!', 'a & b | !c', 'quillotron:*', "quillotron' | 'ships", '(quillotron', 'quillotron <-> ships',
    'quillotron <2> ships', "'); drop table article; --", '%_%', '\\\\x00', 'é', 'ÉCOLE', '\u202Equillotron', '\uFFFF', '\uE000mark\uE001',
    '<script>alert(1)</script>', 'https://example.com/?a=1&b=2', 'x'.repeat(200), `${'q '.repeat(99)}q`,
  ])('searches %j as text without failing', async (text) => {
    let results: SearchResults | undefined;
    try {
      results = await search(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return;
    }
    expect(results.totalCount).toBeGreaterThanOrEqual(0);
    for (const hit of results.nodes) expect(hit.snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
  });

  it('finds articles when the query carries operators as punctuation', async () => {
    expect(keysOf(await search('quillotron:* & farms!'))).toEqual(['tie-new']);
  });
});

describe('helpers', () => {
  it('drops excluded terms from the text to highlight', () => {
    expect(positiveText('a -b "c d" -"e f" g-h')).toBe('a  "c d"  g-h');
  });

  it('measures edit distance with swaps', () => {
    expect(editDistance('ransomwr', 'ransomwar')).toBe(1);
    expect(editDistance('quillotorn', 'quillotron')).toBe(1);
    expect(editDistance('color', 'cold')).toBe(2);
  });
});
