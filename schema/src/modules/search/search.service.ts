import { recordCacheTags, SEARCH_TAG } from '../../lib/cache-tags.js';
import type { EntityManager } from '@mikro-orm/core';
import { type Clock, systemClock } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import { clampPageSize, type Page, type PageQuery } from '../../lib/pagination.js';
import { readArticleViews, readRows } from '../article/article-rows.js';
import type { ArticleView } from '../article/article-view.js';
import { visibleToReadersSql } from '../article/reader-visibility.js';
import type { AuthorView } from '../author/author.service.js';
import type { CategoryService } from '../category/category.service.js';

/**
 * Full-text search over articles, for GraphQL `search` and REST `/api/search` alike
 * (docs/decisions/013-article-search.md). The index, the spelling rules and the query parser
 * live in the database (migration Migration20261123020000_article_search); this service reads
 * them with a few SQL statements per page.
 */

/** Longest query accepted, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 200;
/** Results per page when the client does not say. */
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
/** Only the newest this many matches are ranked; beyond it the results say `capped`. */
export const SEARCH_RANK_CAP = 250;
/** Recency in the blend: a match twice as relevant is worth this many days of age. */
export const RELEVANCE_DOUBLING_DAYS = 14;

export interface SearchHit {
  article: ArticleView;
  /** A passage that matched: HTML-escaped text with the matched words in `<mark>…</mark>`. */
  snippet: string;
}

export interface SearchResults extends Page<SearchHit> {
  /** Matches that can be paged through (at most SEARCH_RANK_CAP). */
  totalCount: number;
  /** More articles matched than were ranked: only the newest SEARCH_RANK_CAP are in the results. */
  capped: boolean;
  /** A query with a close spelling that finds articles, offered when this one finds none. */
  suggestion: string | null;
}

export interface SearchQuery extends PageQuery {
  query: string;
  /** Category slug. */
  category?: string | null;
  /** How the caller names the query text in its errors: `query` in GraphQL, `q` in REST. */
  queryArgument?: string;
}

/**
 * The reader's text as it will be searched: lone surrogates become U+FFFD, control characters
 * (NUL included, which PostgreSQL refuses) become spaces, whitespace is collapsed. Blank or
 * longer than MAX_SEARCH_QUERY_LENGTH characters is a client error naming `argument`.
 */
export function parseSearchText(raw: unknown, argument = 'query'): string {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    throw new ValidationError(`${argument} must be given once, as text`, [{ field: argument, message: 'Must be text' }]);
  }
  const text = (raw ?? '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) {
    throw new ValidationError(`${argument} must not be blank`, [{ field: argument, message: 'Type a word to search for' }]);
  }
  if ([...text].length > MAX_SEARCH_QUERY_LENGTH) {
    throw new ValidationError(`${argument} must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`, [
      { field: argument, message: `At most ${MAX_SEARCH_QUERY_LENGTH} characters` },
    ]);
  }
  return text;
}

// ---------------------------------------------------------------------------
// Cursors: the position of a result in the ranking (tier, score, id), opaque to clients.

interface RankCursor {
  tier: number;
  score: number;
  id: number;
}

export function encodeSearchCursor(cursor: RankCursor): string {
  return Buffer.from(`s|${cursor.tier}|${cursor.score}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeSearchCursor(value: string, argument = 'after'): RankCursor {
  const problem = () =>
    new ValidationError(`${argument} is not a valid cursor`, [{ field: argument, message: 'Use the endCursor of a previous page' }]);
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw problem();
  const [kind, tierText, scoreText, idText, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const tier = Number(tierText);
  const score = Number(scoreText);
  const id = Number(idText);
  if (kind !== 's' || rest.length || !(Number.isInteger(tier) && tier >= 0 && tier < 3 * TIER_SPACING) || !scoreText || !Number.isFinite(score) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw problem();
  }
  return { tier, score, id };
}

// ---------------------------------------------------------------------------
// SQL

/** Markers ts_headline puts around matches, and stand-ins for < and >: characters no article has. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const LESS_THAN = '\uE002';
const GREATER_THAN = '\uE003';

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/** The publication day (UTC) as the search index holds it, next to the vector (Migration20261126010000_search_by_day). */
const PUBLISHED_DAY_SQL = `(a.published_at at time zone 'UTC')::date`;

/**
 * The newest matches of a query published since a day, at most `limit` of them, newest first.
 * Both conditions are answered inside the GIN index on (vector, day), so only the matches since
 * that day are read from the table. (A window closed at both ends would cost more: each bound is
 * a separate key of the index scan, and "before day X" gathers the whole older archive.) Only
 * articles readers see (reader-visibility.ts). Parameters: the query text, [category id], [first
 * day, YYYY-MM-DD], now, limit. `withVectors` adds what ranking reads.
 */
export function matchesSql(options: { byCategory: boolean; since?: boolean; withVectors?: boolean }): string {
  return `select a.id${options.withVectors ? `, a.published_at, a.search_vector, ${EXACT_FORMS_SQL} as exact` : ''}
    from article a
    where a.search_vector @@ search_query(?)${options.byCategory ? ' and a.category_id = ?' : ''}
      ${options.since ? `and ${PUBLISHED_DAY_SQL} >= ?::date` : ''}
      and ${visibleToReadersSql('a')}
    order by a.published_at desc, a.id desc
    limit ?`;
}

/** Words a query's exact forms are counted for (the ranking's tiebreak within a tier). */
const MAX_EXACT_WORDS = 10;
/** Tiers are spaced this far apart, so exact forms order articles within a tier, never across. */
const TIER_SPACING = MAX_EXACT_WORDS + 1;

/**
 * How many of the query's words (space-separated, lower case, letters only: candidateWords) the
 * article uses in exactly that form, not only another word of the same stem ("organisation", not
 * "organiser"). Parameter: the words.
 */
const EXACT_FORMS_SQL = `(select count(*) from unnest(string_to_array(?, ' ')) as w(word)
      where w.word <> '' and lower(a.title || ' ' || a.excerpt || ' ' || a.content) ~ ('\\m' || w.word || '\\M'))::int`;

/** The first window: today and yesterday (UTC). */
export const FIRST_WINDOW_DAYS = 2;
/** Later windows are sized from the matches found so far to hold this many times what is wanted. */
const WINDOW_MARGIN = 1.5;
/** How much wider the next window is when the last found nothing. */
const EMPTY_WINDOW_GROWTH = 16;
/** After this many windows the whole archive is read. */
const MAX_WINDOWS = 4;

/**
 * The next window of newestMatches, in days back from today, after `days` found `found` of the
 * `wanted` matches at step `step` (0-based); `null` reads the whole archive.
 */
export function nextWindowDays(days: number, found: number, wanted: number, step: number): number | null {
  if (step + 1 >= MAX_WINDOWS) return null;
  // Nothing twice: a rare word, found fastest without days (a window's days are read even when no article has the word).
  if (found === 0 && step > 0) return null;
  const next = found === 0 ? days * EMPTY_WINDOW_GROWTH : Math.ceil((days * wanted * WINDOW_MARGIN) / found);
  return next > 36_500 ? null : Math.max(next, days + 1);
}

/**
 * One page of ranked results with their snippets and the number of matches, for one window of
 * days (see SearchService.search).
 *
 * The newest matches of the window (matchesSql, with their vectors) are the only ones ranked.
 * Order: tier (2 = the title alone satisfies the query, 1 = title and excerpt, 0 = only with the
 * body; within each, more of the query's words in their exact form first), then score = log2(ts_rank) + age in units of RELEVANCE_DOUBLING_DAYS (newer is higher),
 * then id. The score is a pure function of the row and the query, so pages are keyset pages over
 * (tier, score, id). Passages are made only when the window holds the answer (enough matches, or
 * the whole archive): a window that falls short costs no ts_headline.
 *
 * Parameters: the query text three times, the query's words (EXACT_FORMS_SQL), those of matchesSql, the cap, [the cursor's tier, score
 * and id], the page size + 1, the matches that make the window enough, whether it is the whole
 * archive, the text to highlight and the ts_headline options.
 */
export function pageSql(options: { byCategory: boolean; since: boolean; after: boolean }): string {
  const secondsPerDoubling = RELEVANCE_DOUBLING_DAYS * 86_400;
  return `with q as materialized (
    select search_query(?) as match, search_restrict(search_query(?), 'A') as title, search_restrict(search_query(?), 'AB') as head
  ),
  matches as materialized (
    ${matchesSql({ ...options, withVectors: true })}
  ),
  ranked as (
    select m.id,
      (case when m.search_vector @@ q.title then 2 when m.search_vector @@ q.head then 1 else 0 end) * ${TIER_SPACING} + least(m.exact, ${MAX_EXACT_WORDS}) as tier,
      ln(greatest(ts_rank(m.search_vector, q.match, 1), 1e-9)) / ln(2)
        + extract(epoch from m.published_at)::float8 / ${secondsPerDoubling} as score
    from (select id, published_at, search_vector, exact from matches order by published_at desc, id desc limit ?) m
    cross join q
  ),
  page as (
    select id, tier, score from ranked
    ${options.after ? 'where (tier, score, id) < (?::int, ?::float8, ?::int)' : ''}
    order by tier desc, score desc, id desc
    limit ?
  )
  select s.matched, p.id, p.tier, p.score,
    case when s.matched >= ?::int or ?::boolean then ts_headline('search_english',
      translate(a.excerpt || ' ' || a.content, '<>' || chr(57344) || chr(57345) || chr(57346) || chr(57347), chr(57346) || chr(57347)),
      search_highlight_query(?), ?) end as snippet
  from (select count(*) as matched from matches) s
  left join page p on true
  left join article a on a.id = p.id
  order by p.tier desc, p.score desc, p.id desc`;
}

interface PageRow {
  matched: number | string;
  id: number | null;
  tier: number | null;
  score: number | string | null;
  snippet: string | null;
}

// ---------------------------------------------------------------------------
// Snippets

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** ts_headline output to HTML: everything escaped, then the markers become <mark> and the stand-ins &lt; &gt;. */
export function snippetToHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replaceAll(LESS_THAN, '&lt;')
    .replaceAll(GREATER_THAN, '&gt;')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------
// The query text, read the way websearch_to_tsquery reads it

/** The text without its excluded terms (-word, -"a phrase"): what a snippet should mark. */
export function positiveText(query: string): string {
  return query.replace(/(^|\s)-"[^"]*("|$)/g, '$1').replace(/(^|\s)-\S+/g, '$1');
}

/** Words a reader may have misspelt: letters only, without accents, three or more, not `or`. */
function candidateWords(query: string): string[] {
  const words = positiveText(query)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [];
  return [...new Set(words.filter((w) => /^[a-z]{3,40}$/.test(w) && w !== 'or'))].slice(0, 10);
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn a into b. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Stems "Did you mean" weighs per query word (the closest by trigram similarity). */
const SUGGESTION_CANDIDATES = 8;
/** Word forms read per weighed stem from its newest articles. */
const SUGGESTION_FORMS = 20;

/** Edits a correction may make to a typed word: one per four letters, at least one. */
function allowedEdits(word: string): number {
  return Math.max(1, Math.floor(word.length / 4));
}

/** Edits from a stem to the closest start of a word: how near "securty" is to `secur`. */
export function prefixDistance(word: string, stem: string): number {
  let best = Infinity;
  for (let end = Math.max(0, stem.length - allowedEdits(word)); end <= word.length; end++) best = Math.min(best, editDistance(word.slice(0, end), stem));
  return best;
}

/** A word of the articles in the case the reader typed: "Quantun" becomes "Quantum", "QUANTUN" "QUANTUM". */
export function inCaseOf(typed: string, form: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase() && typed !== typed.toLowerCase()) return form.toUpperCase();
  if (typed[0] !== typed[0].toLowerCase()) return form[0].toUpperCase() + form.slice(1);
  return form;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------------------
// Authors by name

/** Authors listed above the articles, at most. */
export const MAX_AUTHOR_MATCHES = 5;
/** A query of more words than this names no author. */
const MAX_AUTHOR_QUERY_WORDS = 6;

/** The query's words as author names are compared: without accents, lower case, letters and digits only. */
export function authorQueryWords(query: string): string[] {
  const words = positiveText(query)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)];
}

/**
 * Authors each of whose query words begins a word of their name, by name. The name is folded as
 * the query is (decomposed, combining marks U+0300-U+036F removed, lower case), its spaces and
 * punctuation made single spaces ("Ngô-Ár" is ` ngo ar`), once per row; a word matches where a space
 * and the word start it. Every author is read: about 2 ms on PostgreSQL for 500 of them (MAX_AUTHORS,
 * the most a newsroom has). Parameters: the words (space-separated), the limit.
 */
export const AUTHORS_BY_NAME_SQL = `select a.id, a.slug, a.name, a.role, a.bio, a.photo_url as "photoUrl", a.category_slugs as "categorySlugs",
    a.linkedin_url as "linkedinUrl", a.website_url as "websiteUrl", a.fediverse_handle as "fediverseHandle", a.updated_at as "updatedAt"
  from author a
  cross join lateral (
    select ' ' || regexp_replace(lower(regexp_replace(normalize(a.name, NFD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g')), '[[:space:][:punct:]]+', ' ', 'g') as words
    offset 0
  ) n
  where not exists (select 1 from unnest(string_to_array(?, ' ')) as q(word) where strpos(n.words, ' ' || q.word) = 0)
  order by a.name, a.id
  limit ?`;

// ---------------------------------------------------------------------------

export class SearchService {
  constructor(
    private readonly em: EntityManager,
    private readonly categories: CategoryService,
    /** "Now" for every search: which articles readers see, and which days the windows cover. */
    private readonly clock: Clock = systemClock,
  ) {}

  /** Articles matching the query, most relevant first, a keyset page at a time. */
  async search(input: SearchQuery): Promise<SearchResults> {
    // Any article's text may now match, or no longer match: every article write purges searches.
    recordCacheTags(SEARCH_TAG);
    const query = parseSearchText(input.query, input.queryArgument);
    const size = clampPageSize(input.first, DEFAULT_SEARCH_PAGE_SIZE);
    const after = input.after ? decodeSearchCursor(input.after) : null;
    const categoryId = input.category ? (await this.categories.getBySlug(input.category)).id : null;
    const now = this.clock();
    const exactWords = candidateWords(query).slice(0, MAX_EXACT_WORDS).join(' ');

    // The page query ranks a window's matches as it reads them; a window that falls short (no
    // passages made) only tells how far back the next one must reach.
    const wanted = SEARCH_RANK_CAP + 1;
    const rows = await this.walkWindows(now, wanted, async (since) => {
      const params: unknown[] = [query, query, query, exactWords, query];
      if (categoryId !== null) params.push(categoryId);
      if (since) params.push(since);
      params.push(now, wanted, SEARCH_RANK_CAP);
      if (after) params.push(after.tier, after.score, after.id);
      params.push(size + 1, wanted, since === null, positiveText(query), HEADLINE_OPTIONS);
      const page = await readRows<PageRow>(this.em, pageSql({ byCategory: categoryId !== null, since: since !== null, after: Boolean(after) }), params);
      return { found: Number(page[0]?.matched ?? 0), result: page };
    });
    const matched = Number(rows[0]?.matched ?? 0);
    const ranked = rows.filter((r) => r.id !== null).slice(0, size);
    const articles = await this.load(now, ranked.map((r) => Number(r.id)));
    const hits: SearchHit[] = [];
    const cursors: string[] = [];
    for (const row of ranked) {
      const article = articles.get(Number(row.id));
      if (!article) continue; // deleted or withdrawn between the two reads
      hits.push({ article, snippet: snippetToHtml(row.snippet ?? '') });
      cursors.push(encodeSearchCursor({ tier: Number(row.tier), score: Number(row.score), id: Number(row.id) }));
    }
    const totalCount = Math.min(matched, SEARCH_RANK_CAP);
    return {
      nodes: hits,
      cursors,
      hasNextPage: rows.filter((r) => r.id !== null).length > size,
      hasPreviousPage: Boolean(after),
      totalCount,
      capped: matched > SEARCH_RANK_CAP,
      suggestion: totalCount === 0 && !after ? await this.suggest(now, query, categoryId) : null,
    };
  }

  /**
   * Authors whose name the query matches: each of its words (accents and case aside) begins a word
   * of their name, so "pri" and "nair priya" find Priya Nair. At most MAX_AUTHOR_MATCHES, by name,
   * in one statement on the read connection. An author change purges every answer (content-changes.ts).
   */
  async matchingAuthors(rawQuery: unknown, argument = 'query'): Promise<AuthorView[]> {
    const words = authorQueryWords(parseSearchText(rawQuery, argument));
    if (words.length === 0 || words.length > MAX_AUTHOR_QUERY_WORDS) return [];
    const rows = await readRows<AuthorView>(this.em, AUTHORS_BY_NAME_SQL, [words.join(' '), MAX_AUTHOR_MATCHES]);
    return rows.map((row) => ({ ...row, id: Number(row.id), categorySlugs: [...(row.categorySlugs ?? [])], updatedAt: new Date(row.updatedAt) }));
  }

  /**
   * Ids of the newest `limit` matches, newest first: windows reaching ever further back, each
   * answered inside the search index, until one holds `limit` matches or the whole archive is
   * read. The work follows the matches wanted, not all the matches there are.
   */
  async newestMatches(query: string, categoryId: number | null, limit: number, now = this.clock()): Promise<number[]> {
    recordCacheTags(SEARCH_TAG);
    return this.walkWindows(now, limit, async (since) => {
      const ids = await this.matchesSince(now, query, categoryId, since, limit);
      return { found: ids.length, result: ids };
    });
  }

  /** Ids of the newest `limit` matches since a day (YYYY-MM-DD; null: the whole archive), newest first. */
  private async matchesSince(now: Date, query: string, categoryId: number | null, since: string | null, limit: number): Promise<number[]> {
    const params: unknown[] = [query];
    if (categoryId !== null) params.push(categoryId);
    if (since) params.push(since);
    params.push(now, limit);
    const rows = await readRows<{ id: number | string }>(this.em, matchesSql({ byCategory: categoryId !== null, since: since !== null }), params);
    return rows.map((row) => Number(row.id));
  }

  /**
   * Reads windows of days reaching ever further back (`read(since)` reports how many of the
   * `wanted` matches it found) until one holds `wanted` or the whole archive (since null) is read;
   * answers what that read returned. `wanted` matches since a day are the newest `wanted` of all.
   */
  private async walkWindows<T>(now: Date, wanted: number, read: (since: string | null) => Promise<{ found: number; result: T }>): Promise<T> {
    const today = Date.parse(now.toISOString().slice(0, 10));
    let days: number | null = FIRST_WINDOW_DAYS;
    for (let step = 0; ; step++) {
      const since = days === null ? null : new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const { found, result } = await read(since);
      if (found >= wanted || days === null) return result;
      days = nextWindowDays(days, found, wanted, step);
    }
  }

  /** The views of the ranked ids that readers still see at `now`. */
  private async load(now: Date, ids: number[]): Promise<Map<number, ArticleView>> {
    if (!ids.length) return new Map();
    const views = await readArticleViews(this.em, now, `a.id in (${ids.map(() => '?').join(', ')})`, ids, '');
    return new Map(views.map((view) => [view.id, view]));
  }

  /**
   * "Did you mean": each word of the query whose stem the index lacks is replaced by a close
   * indexed stem (found by trigram similarity over `search_term`), shown as a word the articles
   * actually use. Candidates are judged by the edits from the typed word to that word, not between
   * stems: a misspelling is often stemmed differently ("artifical" is `artif`, "artificial" is
   * `artifici`). Every word of a query is corrected at once; the suggestion is offered only when
   * the corrected query finds something.
   */
  private async suggest(now: Date, query: string, categoryId: number | null): Promise<string | null> {
    const words = candidateWords(query);
    if (!words.length) return null;
    const candidates = await readRows<{ word: string; stem: string; term: string; documents: number; similarity: number }>(
      this.em,
      `select t.word, l.stem, c.term, c.documents, similarity(c.term, l.stem) as similarity
       from unnest(string_to_array(?, ' ')) as t(word)
       cross join lateral (select (ts_lexize('english_stem', search_spelling(t.word)))[1] as stem) l
       cross join lateral (
         select term, documents from search_term
         where (' ' || term) % l.stem
         order by similarity(term, l.stem) desc, documents desc, term
         limit ${SUGGESTION_CANDIDATES}
       ) c
       where l.stem is not null and not exists (select 1 from search_term k where k.term = l.stem)`,
      [words.join(' ')],
    );
    // Only stems within reach of the typed word are looked up in the articles (their words read).
    const near = candidates.filter((c) => Math.min(editDistance(c.stem, c.term), prefixDistance(c.word, c.term)) <= allowedEdits(c.word));
    if (!near.length) return null;
    const terms = [...new Set(near.map((c) => c.term))];
    const forms = await readRows<{ term: string; form: string }>(
      this.em,
      `select t.term, f.form
       from unnest(string_to_array(?, ' ')) as t(term)
       cross join lateral (
         select distinct w.word as form
         from (select s.title, s.excerpt, s.content from article s
               where s.search_vector @@ to_tsquery('simple', t.term) and ${visibleToReadersSql('s')}
               order by s.published_at desc limit 5) a,
         lateral unnest(tsvector_to_array(to_tsvector('simple', a.title || ' ' || a.excerpt || ' ' || a.content))) as w(word)
         where left(w.word, 2) = left(t.term, 2)
           and (ts_lexize('english_stem', search_spelling(w.word)))[1] = t.term
         limit ${SUGGESTION_FORMS}
       ) f`,
      [terms.join(' '), now],
    );
    const formsOf = new Map<string, string[]>();
    for (const { term, form } of forms) formsOf.set(term, [...(formsOf.get(term) ?? []), form]);
    const chosen = new Map<string, { form: string; distance: number; similarity: number; documents: number }>();
    for (const c of near) {
      for (const form of formsOf.get(c.term) ?? []) {
        const distance = editDistance(c.word, form);
        if (distance > allowedEdits(c.word)) continue;
        const best = chosen.get(c.word);
        const better =
          !best ||
          distance < best.distance ||
          (distance === best.distance &&
            (c.similarity > best.similarity ||
              (c.similarity === best.similarity && (c.documents > best.documents || (c.documents === best.documents && form < best.form)))));
        if (better) chosen.set(c.word, { form, distance, similarity: c.similarity, documents: c.documents });
      }
    }
    let suggestion = query;
    for (const [word, { form }] of chosen) {
      if (form === word) continue;
      suggestion = suggestion.replace(new RegExp(`(?<![\\p{L}\\p{M}])${escapeRegExp(word)}(?![\\p{L}\\p{M}])`, 'giu'), (typed) => inCaseOf(typed, form));
    }
    if (suggestion === query) return null;
    return (await this.newestMatches(suggestion, categoryId, 1, now)).length ? suggestion : null;
  }
}
