import { Migration } from '@mikro-orm/migrations';

/**
 * First-party audience measurement (docs/decisions/024-first-party-analytics.md): daily
 * aggregates of page views, visitors (salted daily hashes), referrer hosts, countries, and Web
 * Vitals samples. No column holds an IP address, a user agent or a full URL.
 */
export class Migration20261125030000_analytics extends Migration {
  override name = 'Migration20261125030000_analytics';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_view_daily" ("day" date not null, "path" varchar(200) not null, "template" text not null, "article_id" int null, "views" int not null, primary key ("day", "path"));`);
    this.addSql(`create index "page_view_daily_article_id_day_idx" on "page_view_daily" ("article_id", "day");`);
    this.addSql(`alter table "page_view_daily" add constraint "page_view_daily_template_check" check ("template" in ('home', 'article', 'categories', 'category', 'search', 'about', 'contact', 'domain'));`);

    this.addSql(`create table "visitor_daily" ("day" date not null, "visitor_hash" varchar(64) not null, primary key ("day", "visitor_hash"));`);

    this.addSql(`create table "analytics_salt" ("day" date not null, "salt" varchar(64) not null, primary key ("day"));`);

    this.addSql(`create table "referrer_daily" ("day" date not null, "host" varchar(253) not null, "views" int not null, primary key ("day", "host"));`);

    this.addSql(`create table "country_daily" ("day" date not null, "country" varchar(7) not null, "views" int not null, primary key ("day", "country"));`);

    this.addSql(`create table "vital_sample" ("id" bigserial primary key, "day" date not null, "template" text not null, "metric" text not null, "value" double precision not null);`);
    this.addSql(`create index "vital_sample_day_template_metric_idx" on "vital_sample" ("day", "template", "metric");`);
    this.addSql(`alter table "vital_sample" add constraint "vital_sample_template_check" check ("template" in ('home', 'article', 'categories', 'category', 'search', 'about', 'contact', 'domain'));`);
    this.addSql(`alter table "vital_sample" add constraint "vital_sample_metric_check" check ("metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "vital_sample" cascade;`);
    this.addSql(`drop table if exists "country_daily" cascade;`);
    this.addSql(`drop table if exists "referrer_daily" cascade;`);
    this.addSql(`drop table if exists "analytics_salt" cascade;`);
    this.addSql(`drop table if exists "visitor_daily" cascade;`);
    this.addSql(`drop table if exists "page_view_daily" cascade;`);
  }
}
