import { Migration } from '@mikro-orm/migrations';

/**
 * Search reads the newest matches first, a window of days at a time (decision 013, "Bounded
 * work"). The search index gains the publication day (UTC) as a second column, through btree_gin,
 * so a window is answered inside the index: only the matches of that window are read from the
 * table, however many older articles match too. The index still serves `@@` alone.
 */
export class Migration20261126010000_search_by_day extends Migration {
  override name = 'Migration20261126010000_search_by_day';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`drop index if exists "article_search_vector_idx";`);
    this.addSql(
      `create index if not exists "article_search_vector_day_idx" on "article" using gin ("search_vector", (("published_at" at time zone 'UTC')::date));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "article_search_vector_day_idx";`);
    this.addSql(`create index "article_search_vector_idx" on "article" using gin ("search_vector");`);
  }
}
