import { Migration } from '@mikro-orm/migrations';

/** The owner's text of the standards pages (decision 127): one row per page saved in the newsroom. */
export class Migration20261201010000_standards_page_text extends Migration {

  override name = 'Migration20261201010000_standards_page_text';

  override up(): void | Promise<void> {
    this.addSql(`create table "standards_page_text" ("slug" varchar(40) not null, "markdown" text not null, "updated_by" varchar(80) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "standards_page_text_pkey" primary key ("slug"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "standards_page_text" cascade;`);
  }

}
