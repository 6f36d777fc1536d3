import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import { readArticleViews } from '../article/article-rows.js';
import type { ArticleView } from '../article/article.service.js';
import { visibleToReadersSql } from '../article/reader-visibility.js';
import { addDays, analyticsDay } from './analytics-day.js';

/** The periods of "Most read": one spelling for GraphQL, REST and the pages. */
export const MOST_READ_PERIODS = ['day', 'week'] as const;
export type MostReadPeriod = (typeof MOST_READ_PERIODS)[number];
export const MAX_MOST_READ = 20;
const PERIOD_DAYS: Record<MostReadPeriod, number> = { day: 1, week: 7 };

/** The articles readers opened most, from the site's own daily page-view counts; only what readers may see now. */
export class MostReadService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async mostRead(period: unknown = 'day', first: unknown = 5): Promise<ArticleView[]> {
    if (typeof period !== 'string' || !(MOST_READ_PERIODS as readonly string[]).includes(period)) {
      throw new ValidationError(`period must be one of ${MOST_READ_PERIODS.join(', ')}`, [{ field: 'period', message: `Must be one of ${MOST_READ_PERIODS.join(', ')}` }]);
    }
    const count = Number(first);
    if (!Number.isInteger(count) || count < 1 || count > MAX_MOST_READ) {
      throw new ValidationError(`first must be a whole number from 1 to ${MAX_MOST_READ}`, [{ field: 'first', message: `Must be 1 to ${MAX_MOST_READ}` }]);
    }
    const now = this.clock();
    // The day counts: today and the days before it, in the site's days.
    const since = addDays(analyticsDay(now), 1 - PERIOD_DAYS[period as MostReadPeriod]);
    const ranked: { article_id: number }[] = await this.em.getConnection().execute(
      `select v.article_id from page_view_daily v join article a on a.id = v.article_id
       where v.day >= ? and ${visibleToReadersSql('a')}
       group by v.article_id order by sum(v.views) desc, v.article_id desc limit ?`,
      [since, now, count],
    );
    if (!ranked.length) return [];
    const ids = ranked.map((row) => row.article_id);
    const views = await readArticleViews(this.em, now, `a.id in (${ids.map(() => '?').join(', ')})`, ids, '');
    const byId = new Map(views.map((view) => [view.id, view]));
    return ids.map((id) => byId.get(id)).filter((view): view is ArticleView => view !== undefined);
  }
}
