import { Migration } from '@mikro-orm/migrations';

/**
 * Feed ingestion (docs/decisions/022-feed-ingestion.md): the items already taken in, known by the
 * hash of their feed-scoped guid or of their link, and a lease table so one process at a time
 * runs the periodic ingestion.
 */
export class Migration20261125010000_feed_ingestion extends Migration {
  override name = 'Migration20261125010000_feed_ingestion';

  override up(): void | Promise<void> {
    this.addSql(`create table "ingested_item" ("id" serial primary key, "feed" varchar(500) not null, "guid_key" varchar(64) null, "link_key" varchar(64) null, "article_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "ingested_item" add constraint "ingested_item_guid_key_unique" unique ("guid_key");`);
    this.addSql(`alter table "ingested_item" add constraint "ingested_item_link_key_unique" unique ("link_key");`);
    this.addSql(`alter table "ingested_item" add constraint "ingested_item_article_id_foreign" foreign key ("article_id") references "article" ("id") on delete set null;`);
    this.addSql(`create index "ingested_item_article_id_index" on "ingested_item" ("article_id");`);

    this.addSql(`create table "job_lease" ("name" varchar(80) not null, "holder" varchar(80) not null, "expires_at" timestamptz not null, constraint "job_lease_pkey" primary key ("name"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_lease";`);
    this.addSql(`drop table if exists "ingested_item";`);
  }
}
