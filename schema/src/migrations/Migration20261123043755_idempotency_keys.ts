import { Migration } from '@mikro-orm/migrations';

export class Migration20261123043755_idempotency_keys extends Migration {

  override name = 'Migration20261123043755_idempotency_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "idempotency_key" ("key" varchar(255) not null, "request_hash" varchar(64) not null, "inquiry_id" int not null, "created_at" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "idempotency_key_created_at_idx" on "idempotency_key" ("created_at");`);

    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_inquiry_id_foreign" foreign key ("inquiry_id") references "contact_message" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }

}
