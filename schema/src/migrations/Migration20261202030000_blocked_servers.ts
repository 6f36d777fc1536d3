import { Migration } from '@mikro-orm/migrations';

/** The fediverse servers the owner blocks at the inbox. */
export class Migration20261202030000_blocked_servers extends Migration {

  override name = 'Migration20261202030000_blocked_servers';

  override up(): void | Promise<void> {
    this.addSql(`create table "fediverse_blocked_server" ("domain" varchar(253) not null, "blocked_by" varchar(80) not null, "created_at" timestamptz not null, constraint "fediverse_blocked_server_pkey" primary key ("domain"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "fediverse_blocked_server" cascade;`);
  }

}
