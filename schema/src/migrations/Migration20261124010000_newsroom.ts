import { Migration } from '@mikro-orm/migrations';

/**
 * The newsroom (docs/decisions/019-newsroom-api.md): article status and revisions, named editor
 * tokens, ticker items that expire and link an article, partners that can be disabled.
 *
 * The article tallies (decision 012) now count only `published` articles, scheduled ones
 * included: `ArticleService.count()` subtracts those whose publishedAt is still in the future
 * (a short range of the published_at indexes), so a scheduled article enters the count by itself
 * at its time, with no job. An update moves counts when the status or the category changes.
 */
export class Migration20261124010000_newsroom extends Migration {
  override name = 'Migration20261124010000_newsroom';

  override up(): void | Promise<void> {
    this.addSql(`alter table "article" add column "status" text not null default 'published';`);
    this.addSql(`alter table "article" add constraint "article_status_check" check ("status" in ('draft', 'published'));`);

    // Readers' lists and related articles test the status of each row they walk: carried in the
    // two published_at indexes, the walks stay index-only (no heap fetch per row to skip drafts).
    this.addSql(`drop index if exists "article_published_at_id_idx";`);
    this.addSql(`create index "article_published_at_id_idx" on "article" ("published_at", "id") include ("status");`);
    this.addSql(`drop index if exists "article_category_published_at_id_idx";`);
    this.addSql(`create index "article_category_published_at_id_idx" on "article" ("category_id", "published_at", "id") include ("status");`);

    this.addSql(`create table "article_revision" ("id" serial primary key, "article_id" int not null, "editor" varchar(80) not null, "action" text not null, "changes" jsonb not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "article_revision_article_id_created_at_id_idx" on "article_revision" ("article_id", "created_at", "id");`);
    this.addSql(`alter table "article_revision" add constraint "article_revision_action_check" check ("action" in ('create', 'update', 'unpublish', 'delete'));`);

    this.addSql(`create table "editor_token" ("id" serial primary key, "name" varchar(80) not null, "role" text not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "editor_token" add constraint "editor_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create unique index "editor_token_active_name_unique" on "editor_token" (lower("name")) where "revoked_at" is null;`);
    this.addSql(`alter table "editor_token" add constraint "editor_token_role_check" check ("role" in ('editor', 'admin'));`);

    this.addSql(`alter table "breaking_news_item" add column "expires_at" timestamptz null, add column "article_id" int null;`);
    this.addSql(`alter table "breaking_news_item" add constraint "breaking_news_item_article_id_foreign" foreign key ("article_id") references "article" ("id") on delete set null;`);
    this.addSql(`create index "breaking_news_item_article_id_index" on "breaking_news_item" ("article_id");`);

    this.addSql(`alter table "partner" add column "enabled" boolean not null default true;`);

    // The tallies count published articles only; every row of an update statement adds its new
    // state and takes away its old one, so status changes and category moves are both counted.
    this.addSql(`create or replace function article_tally() returns trigger
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
    select category_id, count(*) from new_rows where status = 'published' group by category_id order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select (id - 1) / 1000, count(*), max(updated_at) from new_rows where status = 'published' group by 1 order by 1
    on conflict (block) do update
      set articles = b.articles + excluded.articles, last_modified = greatest(b.last_modified, excluded.last_modified);
  elsif tg_op = 'DELETE' then
    insert into article_count as c (category_id, articles)
    select category_id, -count(*) from old_rows where status = 'published' group by category_id order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select (id - 1) / 1000, -count(*), now() from old_rows where status = 'published' group by 1 order by 1
    on conflict (block) do update
      set articles = b.articles + excluded.articles, last_modified = greatest(b.last_modified, excluded.last_modified);
  else
    insert into article_count as c (category_id, articles)
    select category_id, sum(delta) from (
      select category_id, 1 as delta from new_rows where status = 'published'
      union all
      select category_id, -1 from old_rows where status = 'published'
    ) moves
    group by category_id having sum(delta) <> 0 order by category_id
    on conflict (category_id) do update set articles = c.articles + excluded.articles;
    insert into article_id_block as b (block, articles, last_modified)
    select block, sum(delta), max(modified) from (
      select (id - 1) / 1000 as block, 1 as delta, updated_at as modified from new_rows where status = 'published'
      union all
      select (o.id - 1) / 1000, -1, n.updated_at from old_rows o join new_rows n on n.id = o.id where o.status = 'published'
    ) changes
    group by block order by block
    on conflict (block) do update
      set articles = b.articles + excluded.articles, last_modified = greatest(b.last_modified, excluded.last_modified);
  end if;
  return null;
end
$fn$;`);
    // Every article so far is published: recount anyway, so the tallies equal the new rule.
    this.addSql(`delete from "article_count";`);
    this.addSql(`insert into "article_count" ("category_id", "articles")
select "category_id", count(*) from "article" where "status" = 'published' group by "category_id";`);
    this.addSql(`update "article_id_block" b set "articles" = coalesce((
  select count(*) from "article" a where ("a"."id" - 1) / 1000 = b."block" and "a"."status" = 'published'), 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function article_tally() returns trigger
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
    this.addSql(`delete from "article" where "status" <> 'published';`);
    this.addSql(`alter table "partner" drop column if exists "enabled";`);
    this.addSql(`alter table "breaking_news_item" drop constraint if exists "breaking_news_item_article_id_foreign";`);
    this.addSql(`alter table "breaking_news_item" drop column if exists "expires_at", drop column if exists "article_id";`);
    this.addSql(`drop table if exists "editor_token" cascade;`);
    this.addSql(`drop table if exists "article_revision" cascade;`);
    this.addSql(`drop index if exists "article_published_at_id_idx";`);
    this.addSql(`create index "article_published_at_id_idx" on "article" ("published_at", "id");`);
    this.addSql(`drop index if exists "article_category_published_at_id_idx";`);
    this.addSql(`create index "article_category_published_at_id_idx" on "article" ("category_id", "published_at", "id");`);
        this.addSql(`alter table "article" drop constraint if exists "article_status_check";`);
    this.addSql(`alter table "article" drop column if exists "status";`);
  }
}
