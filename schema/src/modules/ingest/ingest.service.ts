import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ValidationError } from '../../lib/errors.js';
import { isWebUrl } from '../../lib/validation.js';
import type { ArticleEditingService } from '../article/article-editing.service.js';
import { ARTICLE_LIMITS } from '../article/article.validation.js';
import type { CategoryService } from '../category/category.service.js';
import type { Editor } from '../editor/editor-roles.js';
import { type FeedFetchOptions, type FetchedFeed, readFeedSource } from './feed-fetcher.js';
import { type FeedItem, type ParsedFeed, parseFeed } from './feed-parser.js';
import { singleLine, truncateAtWord } from './html-text.js';
import { FeedError } from './ingest-errors.js';
import { feedDefaultCategory, INGEST_RULES, type IngestRules, keywordCategory } from './ingest-rules.js';
import { leaseHolder, releaseLease, tryTakeLease } from './job-lease.js';

/** Whom revisions name for articles taken from feeds. */
export const INGEST_EDITOR: Editor = { name: 'Feed ingestion', role: 'editor' };

/** Excerpts are card text: the first few sentences, not the whole item. */
export const INGEST_EXCERPT_LENGTH = 300;

/** The lease that keeps periodic ingestion to one process at a time. */
export const INGEST_LEASE = 'feed-ingestion';

export interface IngestOptions extends FeedFetchOptions {
  /** The feeds' default category (a slug), instead of the rules' per-feed default. */
  category?: string | null;
  /** Publish what is added (default: drafts for an editor to review). */
  publish?: boolean;
  /** Category rules (default: the committed ingest-rules.json). */
  rules?: IngestRules;
}

export interface IngestReport {
  source: string;
  feedTitle: string;
  format: ParsedFeed['format'];
  added: { id: number; title: string; category: string }[];
  /** Items already taken in by an earlier run (or earlier in this document). */
  duplicates: number;
  failed: { title: string; reason: string }[];
}

export interface FeedRunResult {
  source: string;
  report?: IngestReport;
  error?: Error;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A link as a dedupe key: the fragment names a place on the same page. */
function linkKey(link: string): string {
  const url = new URL(link);
  url.hash = '';
  return sha256(url.toString());
}

function describeFailure(error: unknown): string {
  if (error instanceof ValidationError && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/**
 * Feeds in, articles out: reads an RSS 2.0 or Atom feed (a URL, fetched with feed-fetcher's
 * limits, or a file), maps each item to a category and creates it through the article editing
 * service, so the article rules, slugs, revisions and content-change announcements are the
 * newsroom's own. An item is taken in once: its guid or link recorded in `ingested_item`.
 */
export class IngestService {
  constructor(
    private readonly em: EntityManager,
    private readonly articleEditing: ArticleEditingService,
    private readonly categories: CategoryService,
  ) {}

  /** Reads and ingests one feed. FeedError (fetch or parse) and ValidationError (an unknown --category) fail it whole. */
  async ingest(source: string, options: IngestOptions = {}): Promise<IngestReport> {
    await this.checkCategory(options.category);
    return this.ingestChecked(await readFeedSource(source, options), options);
  }

  /** Ingests a document already read. */
  async ingestDocument(fetched: FetchedFeed, options: IngestOptions = {}): Promise<IngestReport> {
    await this.checkCategory(options.category);
    return this.ingestChecked(fetched, options);
  }

  private async ingestChecked(fetched: FetchedFeed, options: IngestOptions): Promise<IngestReport> {
    const feed = parseFeed(fetched.body, fetched.baseUrl);
    const rules = options.rules ?? INGEST_RULES;
    const feedDefault = options.category ?? feedDefaultCategory(rules, fetched.baseUrl, feed.link);
    const feedKey = (feed.id ?? feed.link ?? fetched.source).slice(0, 500);
    const report: IngestReport = { source: fetched.source, feedTitle: feed.title, format: feed.format, added: [], duplicates: 0, failed: [] };
    const byline = feed.title || (feed.link ? new URL(feed.link).hostname : '') || fetched.source;
    for (const item of feed.items) {
      const title = this.titleOf(item);
      const link = item.link && isWebUrl(item.link) ? item.link : null;
      if (!item.guid && !link) {
        report.failed.push({ title, reason: 'no guid or link to recognise it by on the next run' });
        continue;
      }
      const keys = { guid: item.guid ? sha256(`${feedKey}\n${item.guid}`) : null, link: link ? linkKey(link) : null };
      if (await this.known(keys.guid, keys.link)) {
        report.duplicates += 1;
        continue;
      }
      const category = keywordCategory(rules, item) ?? feedDefault;
      if (!category) {
        report.failed.push({ title, reason: 'no category: no keyword rule matched and the feed has no default (pass --category or add a rule)' });
        continue;
      }
      // The claim is what settles it: a concurrent run (the CLI beside the server) may have just taken the item.
      const claim = await this.claim(feedKey, keys.guid, keys.link);
      if (claim === null) {
        report.duplicates += 1;
        continue;
      }
      try {
        const article = await this.articleEditing.create(this.articleInput(item, title, category, link, byline, options.publish === true), INGEST_EDITOR);
        await this.em.getConnection().execute(`update "ingested_item" set "article_id" = ? where "id" = ?`, [article.id, claim]);
        report.added.push({ id: article.id, title: article.title, category });
      } catch (error) {
        // Not taken in: the next run tries again (a rule or the feed may have been fixed).
        await this.em.getConnection().execute(`delete from "ingested_item" where "id" = ?`, [claim]);
        report.failed.push({ title, reason: describeFailure(error) });
      }
    }
    return report;
  }

  /**
   * Ingests each feed in turn, in one process at a time across every process sharing the
   * database: null when another holds the lease. A feed that fails is reported and the others
   * still run. `leaseMs` bounds how long a process that died mid-run keeps the others waiting.
   */
  async ingestExclusive(sources: readonly string[], options: IngestOptions & { leaseMs: number; holder?: string }): Promise<FeedRunResult[] | null> {
    const holder = options.holder ?? leaseHolder();
    if (!(await tryTakeLease(this.em, INGEST_LEASE, holder, options.leaseMs))) return null;
    try {
      const results: FeedRunResult[] = [];
      for (const source of sources) {
        if (options.signal?.aborted) break;
        try {
          results.push({ source, report: await this.ingest(source, options) });
        } catch (error) {
          results.push({ source, error: error instanceof Error ? error : new FeedError(String(error)) });
        }
      }
      return results;
    } finally {
      await releaseLease(this.em, INGEST_LEASE, holder);
    }
  }

  private async checkCategory(slug: string | null | undefined): Promise<void> {
    if (slug && !(await this.categories.findBySlug(slug))) {
      throw new ValidationError(`Unknown category "${slug.slice(0, 80)}": use the slug of an existing category`, [{ field: 'category', message: 'Unknown category' }]);
    }
  }

  private async known(guidKey: string | null, linkKeyValue: string | null): Promise<boolean> {
    const rows: unknown[] = await this.em
      .getConnection()
      .execute(`select 1 from "ingested_item" where "guid_key" = ? or "link_key" = ? limit 1`, [guidKey, linkKeyValue]);
    return rows.length > 0;
  }

  /** Records the item as taken in; null when its guid or link already was (another run, or earlier in this one). */
  private async claim(feed: string, guidKey: string | null, linkKeyValue: string | null): Promise<number | null> {
    const rows: { id: number }[] = await this.em
      .getConnection()
      .execute(`insert into "ingested_item" ("feed", "guid_key", "link_key", "created_at") values (?, ?, ?, ?) on conflict do nothing returning "id"`, [
        feed,
        guidKey,
        linkKeyValue,
        new Date(),
      ]);
    return rows[0]?.id ?? null;
  }

  /** The item's title, or the start of its text when it has none, within the article rules. */
  private titleOf(item: FeedItem): string {
    const title = item.title || singleLine(item.summary || item.content).slice(0, 120);
    return truncateAtWord(title || 'Untitled', ARTICLE_LIMITS.title);
  }

  /** The article the editing service is asked to create: every field within the article rules. */
  private articleInput(item: FeedItem, title: string, category: string, link: string | null, byline: string, publish: boolean) {
    const content = item.content || item.summary || title;
    const excerptSource = item.summary || content.split(/\n\s*\n/)[0] || title;
    const now = Date.now();
    const published = item.published && item.published.getTime() < now ? item.published : new Date(now);
    return {
      title,
      excerpt: truncateAtWord(excerptSource, INGEST_EXCERPT_LENGTH),
      content: truncateAtWord(content, ARTICLE_LIMITS.content),
      category,
      author: truncateAtWord(singleLine(item.author || byline), ARTICLE_LIMITS.author),
      sourceUrl: link && link.length <= ARTICLE_LIMITS.sourceUrl ? link : null,
      // A feed's clock does not schedule stories: a date still to come is taken as now.
      publishedAt: published.toISOString(),
      status: publish ? 'published' : 'draft',
    };
  }
}
