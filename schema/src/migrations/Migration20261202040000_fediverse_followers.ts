import { Migration } from '@mikro-orm/migrations';

/** Followers of the site's fediverse accounts, one row per pair (they were one list per account in the federation's store). */
export class Migration20261202040000_fediverse_followers extends Migration {

  override name = 'Migration20261202040000_fediverse_followers';

  override up(): void | Promise<void> {
    this.addSql(`create table "fediverse_follower" ("id" serial primary key, "account" varchar(80) not null, "follower_id" varchar(1000) not null, "inbox" varchar(1000) not null, "shared_inbox" varchar(1000) null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "fediverse_follower" add constraint "fediverse_follower_account_follower_unique" unique ("account", "follower_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "fediverse_follower" cascade;`);
  }

}
