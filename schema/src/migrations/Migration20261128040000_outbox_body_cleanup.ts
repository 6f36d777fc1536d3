import { Migration } from '@mikro-orm/migrations';

/**
 * A message with a shared body may be given up (it stays unsent), and the body cleanup finds the
 * messages still waiting on a body by an index (decision 121).
 */
export class Migration20261128040000_outbox_body_cleanup extends Migration {

  override name = 'Migration20261128040000_outbox_body_cleanup';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_message" add column "given_up_at" timestamptz null;`);
    this.addSql(`create index "outbox_message_waiting_body_idx" on "outbox_message" (((payload->'body'->>'id')::int)) where sent_at is null and given_up_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "outbox_message_waiting_body_idx";`);
    this.addSql(`alter table "outbox_message" drop column if exists "given_up_at";`);
  }

}
