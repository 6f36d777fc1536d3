/**
 * What readers may see (decision 019), written once: an article that is published and whose
 * publishedAt has come. A scheduled article (publishedAt in the future) appears by itself at that
 * time; a draft never; a deleted article is gone from the table. Every reader read (lists, an
 * article, related, counts, search, feeds, sitemaps, the ticker, the domain figures) filters with
 * these, given the time of the services' one clock (lib/clock.ts).
 */

/** An SQL fragment and the parameters of its placeholders, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** SQL on the article table's alias: visible to readers at its one parameter, now. */
export function visibleToReadersSql(alias = 'a'): string {
  return `${alias}.status = 'published' and ${alias}.published_at <= ?`;
}

/** The same with its parameter: visible to readers at `now`. */
export function visibleToReaders(now: Date, alias = 'a'): SqlPart {
  return { sql: visibleToReadersSql(alias), params: [now] };
}

/** SQL on the article table's alias: published, but its time has not come at `now` (scheduled). */
export function scheduledAfter(now: Date, alias = 'a'): SqlPart {
  return { sql: `${alias}.status = 'published' and ${alias}.published_at > ?`, params: [now] };
}

/** The same rule on a loaded article (the newsroom's "live" state). */
export function isVisibleToReaders(article: { status: string; publishedAt: Date }, now: Date): boolean {
  return article.status === 'published' && article.publishedAt.getTime() <= now.getTime();
}

/** The same rule as an ORM filter on Article, and its scheduled complement. */
export function visibleToReadersWhere(now: Date) {
  return { status: 'published', publishedAt: { $lte: now } } as const;
}

export function scheduledAfterWhere(now: Date) {
  return { status: 'published', publishedAt: { $gt: now } } as const;
}
