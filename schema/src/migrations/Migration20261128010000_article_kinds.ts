import { Migration } from '@mikro-orm/migrations';

/** Each article's kind (news by default, analysis, opinion, explainer, sponsored) and a sponsored article's partner. */
export class Migration20261128010000_article_kinds extends Migration {

  override name = 'Migration20261128010000_article_kinds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "article" add column "kind" text check ("kind" in ('news', 'analysis', 'opinion', 'explainer', 'sponsored')) not null default 'news', add column "sponsor_name" varchar(120) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "article" drop column "kind", drop column "sponsor_name";`);
  }

}
