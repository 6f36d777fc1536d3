import { Migration } from '@mikro-orm/migrations';

/**
 * Authors as people (decision 090): every byline already in use becomes an author, so every
 * article keeps its byline and gains a profile; the byline stays the article's link to it.
 * Corrections and clarifications of published articles, kept for good.
 */
export class Migration20261128000000_authors_corrections extends Migration {

  override name = 'Migration20261128000000_authors_corrections';

  override up(): void | Promise<void> {
    this.addSql(`create table "author" ("id" serial primary key, "slug" varchar(80) not null, "name" varchar(120) not null, "role" varchar(120) not null, "bio" text not null, "photo_url" varchar(500) null, "category_slugs" text[] not null default '{}', "linkedin_url" varchar(300) null, "website_url" varchar(300) null, "fediverse_handle" varchar(200) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "author" add constraint "author_slug_unique" unique ("slug");`);
    this.addSql(`alter table "author" add constraint "author_name_unique" unique ("name");`);

    // Each byline once, its slug from its letters and digits; a clash of slugs takes the id as a suffix.
    this.addSql(`insert into "author" ("slug", "name", "role", "bio", "created_at", "updated_at")
      select trim(both '-' from regexp_replace(lower(b.author), '[^a-z0-9]+', '-', 'g')), b.author, 'Reporter', '', now(), now()
      from (select distinct "author" from "article") b
      on conflict ("slug") do nothing;`);
    this.addSql(`insert into "author" ("slug", "name", "role", "bio", "created_at", "updated_at")
      select 'author-' || md5(b.author), b.author, 'Reporter', '', now(), now()
      from (select distinct "author" from "article") b
      where not exists (select 1 from "author" x where x."name" = b.author);`);

    // An author's page: their newest articles readers can see, from the top of this index.
    this.addSql(`create index "article_author_published_at_id_idx" on "article" ("author", "published_at", "id") include ("status");`);

    this.addSql(`create table "article_correction" ("id" serial primary key, "article_id" int not null, "kind" text check ("kind" in ('correction', 'clarification')) not null, "text" text not null, "editor" varchar(80) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "article_correction" add constraint "article_correction_article_id_foreign" foreign key ("article_id") references "article" ("id") on delete cascade;`);
    this.addSql(`create index "article_correction_created_at_id_idx" on "article_correction" ("created_at", "id");`);
    this.addSql(`create index "article_correction_article_id_idx" on "article_correction" ("article_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "article_correction" cascade;`);
    this.addSql(`drop index if exists "article_author_published_at_id_idx";`);
    this.addSql(`drop table if exists "author" cascade;`);
  }

}
