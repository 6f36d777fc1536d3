import { Migration } from '@mikro-orm/migrations';

/** Newsletter readers may also ask for an e-mail when a story is flagged breaking. */
export class Migration20261202050000_breaking_alerts extends Migration {

  override name = 'Migration20261202050000_breaking_alerts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "newsletter_subscriber" add column "breaking_alerts" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "newsletter_subscriber" drop column "breaking_alerts";`);
  }

}
