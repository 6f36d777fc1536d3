import { Migration } from '@mikro-orm/migrations';

/** Reads of the site's text for agents per day, agent name and path (analytics, no personal data). */
export class Migration20261202010000_agent_reads extends Migration {

  override name = 'Migration20261202010000_agent_reads';

  override up(): void | Promise<void> {
    this.addSql(`create table "agent_read_daily" ("day" date not null, "agent" varchar(40) not null, "path" varchar(200) not null, "reads" int not null, primary key ("day", "agent", "path"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agent_read_daily" cascade;`);
  }

}
