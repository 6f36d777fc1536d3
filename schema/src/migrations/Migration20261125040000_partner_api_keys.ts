import { Migration } from '@mikro-orm/migrations';

/**
 * Partner API keys (decision 025): the key's SHA-256 and visible prefix, its own limit a minute,
 * and requests counted per key and UTC day.
 */
export class Migration20261125040000_partner_api_keys extends Migration {

  override name = 'Migration20261125040000_partner_api_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_key" ("id" serial primary key, "name" varchar(80) not null, "prefix" varchar(16) not null, "key_hash" varchar(64) not null, "limit_per_minute" int null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "api_key" add constraint "api_key_key_hash_unique" unique ("key_hash");`);
    this.addSql(`create unique index "api_key_active_name_unique" on "api_key" (lower("name")) where "revoked_at" is null;`);

    this.addSql(`create table "api_key_usage" ("api_key_id" int not null, "day" date not null, "requests" int not null, primary key ("api_key_id", "day"));`);
    this.addSql(`alter table "api_key_usage" add constraint "api_key_usage_api_key_id_foreign" foreign key ("api_key_id") references "api_key" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "api_key_usage" cascade;`);
    this.addSql(`drop table if exists "api_key" cascade;`);
  }

}
