import { Migration } from '@mikro-orm/migrations';

export class Migration20261122112350_initial extends Migration {

  override name = 'Migration20261122112350_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "breaking_news_item" ("id" serial primary key, "title" varchar(200) not null, "position" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "breaking_news_item_position_index" on "breaking_news_item" ("position");`);

    this.addSql(`create table "category" ("id" serial primary key, "name" varchar(80) not null, "slug" varchar(80) not null, "description" text not null, "icon" varchar(60) not null, "position" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "category" add constraint "category_name_unique" unique ("name");`);
    this.addSql(`alter table "category" add constraint "category_slug_unique" unique ("slug");`);
    this.addSql(`create index "category_position_index" on "category" ("position");`);

    this.addSql(`create table "article" ("id" serial primary key, "slug" varchar(160) not null, "title" varchar(200) not null, "excerpt" text not null, "content" text not null, "category_id" int not null, "author" varchar(120) not null, "published_at" timestamptz not null, "image_url" varchar(500) not null, "source_url" varchar(500) null, "is_breaking" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "article" add constraint "article_slug_unique" unique ("slug");`);
    this.addSql(`create index "article_published_at_id_idx" on "article" ("published_at", "id");`);
    this.addSql(`create index "article_category_published_at_id_idx" on "article" ("category_id", "published_at", "id");`);
    this.addSql(`create index "article_is_breaking_published_at_idx" on "article" ("is_breaking", "published_at");`);

    this.addSql(`create table "contact_message" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(254) not null, "subject" varchar(200) not null, "message" text not null, "inquiry_type" text not null default 'general', "created_at" timestamptz not null);`);
    this.addSql(`create index "contact_message_created_at_idx" on "contact_message" ("created_at");`);
    this.addSql(`create index "contact_message_inquiry_type_created_at_idx" on "contact_message" ("inquiry_type", "created_at");`);

    this.addSql(`create table "partner" ("id" serial primary key, "slug" varchar(80) not null, "name" varchar(120) not null, "description" text not null, "offer" varchar(200) not null, "cta" varchar(60) not null, "affiliate_url" varchar(500) not null, "icon" varchar(60) not null, "badge" varchar(40) null, "placement" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "partner" add constraint "partner_slug_unique" unique ("slug");`);
    this.addSql(`create index "partner_placement_index" on "partner" ("placement");`);

    this.addSql(`alter table "article" add constraint "article_category_id_foreign" foreign key ("category_id") references "category" ("id") on delete restrict;`);

    this.addSql(`alter table "contact_message" add constraint "contact_message_inquiry_type_check" check ("inquiry_type" in ('general', 'domain', 'advertising', 'editorial', 'technical'));`);

    this.addSql(`alter table "partner" add constraint "partner_placement_check" check ("placement" in ('sidebar', 'promotion'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "article" drop constraint "article_category_id_foreign";`);

    this.addSql(`drop table if exists "breaking_news_item" cascade;`);
    this.addSql(`drop table if exists "category" cascade;`);
    this.addSql(`drop table if exists "article" cascade;`);
    this.addSql(`drop table if exists "contact_message" cascade;`);
    this.addSql(`drop table if exists "partner" cascade;`);
  }

}
