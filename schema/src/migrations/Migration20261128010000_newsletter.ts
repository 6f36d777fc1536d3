import { Migration } from '@mikro-orm/migrations';

/**
 * The newsletter (decision 095): subscribers with their consent record, one row per digest handed
 * to a subscriber (unique, so a digest is never queued twice for an address), and the
 * Idempotency-Keys of subscription requests.
 */
export class Migration20261128010000_newsletter extends Migration {

  override name = 'Migration20261128010000_newsletter';

  override up(): void | Promise<void> {
    this.addSql(`create table "newsletter_subscriber" ("id" serial primary key, "email" varchar(254) not null, "categories" jsonb not null, "frequency" varchar(10) not null, "consent_at" timestamptz not null, "consent_page" varchar(300) not null, "confirmed_at" timestamptz null, "unsubscribed_at" timestamptz null, "confirm_nonce" varchar(32) null, "confirm_sent_at" timestamptz null);`);
    this.addSql(`alter table "newsletter_subscriber" add constraint "newsletter_subscriber_email_unique" unique ("email");`);

    this.addSql(`create table "newsletter_delivery" ("id" serial primary key, "subscriber_id" int not null, "digest_key" varchar(40) not null, "outbox_message_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "newsletter_delivery" add constraint "newsletter_delivery_subscriber_id_foreign" foreign key ("subscriber_id") references "newsletter_subscriber" ("id") on delete cascade;`);
    this.addSql(`alter table "newsletter_delivery" add constraint "newsletter_delivery_subscriber_digest_unique" unique ("subscriber_id", "digest_key");`);

    this.addSql(`create table "newsletter_request_key" ("key" varchar(255) not null, "request_hash" varchar(64) not null, "created_at" timestamptz not null, primary key ("key"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "newsletter_request_key" cascade;`);
    this.addSql(`drop table if exists "newsletter_delivery" cascade;`);
    this.addSql(`drop table if exists "newsletter_subscriber" cascade;`);
  }

}
