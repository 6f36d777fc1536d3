import { Migration } from '@mikro-orm/migrations';

/** Replies from the fediverse, one row per story and reply (they were one list per story in the federation's store). */
export class Migration20261202060000_fediverse_replies extends Migration {

  override name = 'Migration20261202060000_fediverse_replies';

  override up(): void | Promise<void> {
    this.addSql(`create table "fediverse_reply" ("id" serial primary key, "article_id" int not null, "reply_id" varchar(1000) not null, "author_name" varchar(200) not null, "author_url" varchar(1000) not null, "server" varchar(260) not null, "text" text not null, "published" varchar(40) not null, "approved" boolean not null default false, "url" varchar(2048) null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "fediverse_reply" add constraint "fediverse_reply_article_reply_unique" unique ("article_id", "reply_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "fediverse_reply" cascade;`);
  }

}
