import { Migration } from '@mikro-orm/migrations';

/**
 * Bodies shared by many outbox messages (a digest rendered once for thousands of readers): a
 * message names its body and the value of the body's one personal slot (decision 096).
 */
export class Migration20261128020000_outbox_bodies extends Migration {

  override name = 'Migration20261128020000_outbox_bodies';

  override up(): void | Promise<void> {
    this.addSql(`create table "outbox_body" ("id" serial primary key, "html" text not null, "text" text not null, "created_at" timestamptz not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outbox_body" cascade;`);
  }

}
