import { Migration } from '@mikro-orm/migrations';

/**
 * The federation's keys, marks and cached remote documents, and its delivery queue, in the site's
 * own database (they were in memory on the embedded database and in tables of their own on PostgreSQL).
 */
export class Migration20261203010000_fediverse_stores extends Migration {

  override name = 'Migration20261203010000_fediverse_stores';

  override up(): void | Promise<void> {
    this.addSql(`create table "fediverse_kv" ("key" varchar(2100) primary key, "value" jsonb not null, "expires_at" timestamptz null);`);
    this.addSql(`create index "fediverse_kv_expires_at_index" on "fediverse_kv" ("expires_at") where "expires_at" is not null;`);
    this.addSql(`create table "fediverse_task" ("id" bigserial primary key, "message" jsonb not null, "due_at" timestamptz not null, "claimed_until" timestamptz null, "attempts" int not null default 0, "created_at" timestamptz not null);`);
    this.addSql(`create index "fediverse_task_due_at_index" on "fediverse_task" ("due_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "fediverse_task" cascade;`);
    this.addSql(`drop table if exists "fediverse_kv" cascade;`);
  }

}
