import { Migration } from '@mikro-orm/migrations';

/**
 * Counts and sitemap files that do not grow with the table (docs/decisions/012-counts-at-scale.md).
 *
 * - `article_count`: the number of articles per category, exact, kept by statement-level triggers
 *   in the same transaction as the write. `totalCount` reads one row (a category) or sums one row
 *   per category (all articles) instead of counting the article table.
 * - `article_id_block`: per block of 1,000 ids (block = (id - 1) / 1000), how many articles it holds
 *   and when its rows last changed (the newest `updated_at`, or the time of a deletion). Article
 *   sitemaps are whole runs of blocks, so the sitemap index learns which files exist and their
 *   lastmod from a thousandth of the rows.
 * - `article_image_url_idx`: the media route asks whether a cover key is used by some article.
 */
export class Migration20261123030000_article_tallies extends Migration {
  override name = 'Migration20261123030000_article_tallies';

  override up(): void | Promise<void> {
    this.addSql(`create index "article_image_url_idx" on "article" ("image_url");`);

    this.addSql(`create table "article_count" (
  "category_id" int primary key references "category" ("id") on delete cascade,
  "articles" int not null
);`);
    this.addSql(`insert into "article_count" ("category_id", "articles")
select "category_id", count(*) from "article" group by "category_id";`);

    this.addSql(`create table "article_id_block" (
  "block" int primary key,
  "articles" int not null,
  "last_modified" timestamptz not null
);`);
    this.addSql(`insert into "article_id_block" ("block", "articles", "last_modified")
select ("id" - 1) / 1000, count(*), max("updated_at") from "article" group by 1;`);

    // One aggregated statement per write statement, rows upserted in key order (so concurrent
    // writers lock them in the same order). An update moves counts only when the category changes.
    this.addSql(`create function article_tally() returns trigger
language plpgsql
as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from article_count;
    delete from article_id_block;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into article_count as c (category_id, articles)
    select category_id, count(*) from new_rows group by category_id order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select (id - 1) / 1000, count(*), max(updated_at) from new_rows group by 1 order by 1
    on conflict (block) do update
      set articles = b.articles + excluded.articles, last_modified = greatest(b.last_modified, excluded.last_modified);
  elsif tg_op = 'DELETE' then
    insert into article_count as c (category_id, articles)
    select category_id, -count(*) from old_rows group by category_id order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select (id - 1) / 1000, -count(*), now() from old_rows group by 1 order by 1
    on conflict (block) do update
      set articles = b.articles + excluded.articles, last_modified = greatest(b.last_modified, excluded.last_modified);
  else
    insert into article_count as c (category_id, articles)
    select category_id, sum(delta) from (
      select n.category_id, 1 as delta from old_rows o join new_rows n on n.id = o.id where n.category_id <> o.category_id
      union all
      select o.category_id, -1 from old_rows o join new_rows n on n.id = o.id where n.category_id <> o.category_id
    ) moves
    group by category_id having sum(delta) <> 0 order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select (id - 1) / 1000, 0, max(updated_at) from new_rows group by 1 order by 1
    on conflict (block) do update set last_modified = greatest(b.last_modified, excluded.last_modified);
  end if;
  return null;
end
$fn$;`);
    this.addSql(`create trigger "article_tally_insert" after insert on "article"
referencing new table as new_rows for each statement execute function article_tally();`);
    this.addSql(`create trigger "article_tally_update" after update on "article"
referencing old table as old_rows new table as new_rows for each statement execute function article_tally();`);
    this.addSql(`create trigger "article_tally_delete" after delete on "article"
referencing old table as old_rows for each statement execute function article_tally();`);
    this.addSql(`create trigger "article_tally_truncate" after truncate on "article"
for each statement execute function article_tally();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "article_tally_insert" on "article";`);
    this.addSql(`drop trigger if exists "article_tally_update" on "article";`);
    this.addSql(`drop trigger if exists "article_tally_delete" on "article";`);
    this.addSql(`drop trigger if exists "article_tally_truncate" on "article";`);
    this.addSql(`drop function if exists article_tally();`);
    this.addSql(`drop table if exists "article_id_block";`);
    this.addSql(`drop table if exists "article_count";`);
    this.addSql(`drop index if exists "article_image_url_idx";`);
  }
}
