import { Migration } from '@mikro-orm/migrations';

export class Migration20261122114324_inquiry_outbox extends Migration {

  override name = 'Migration20261122114324_inquiry_outbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "outbox_message" ("id" serial primary key, "kind" varchar(60) not null, "payload" jsonb not null, "priority" boolean not null default false, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "sent_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null);`);
    this.addSql(`create index "outbox_message_due_idx" on "outbox_message" ("sent_at", "next_attempt_at");`);

    this.addSql(`alter table "contact_message" add "priority" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outbox_message" cascade;`);

    this.addSql(`alter table "contact_message" drop column "priority";`);
  }

}
