import { Migration } from '@mikro-orm/migrations';

/**
 * Uploaded covers (docs/decisions/023-cover-uploads.md): the re-encoded master of an article's
 * own picture, one per article, gone with its article. In the database, so every process serves it.
 */
export class Migration20261125020000_cover_uploads extends Migration {

  override name = 'Migration20261125020000_cover_uploads';

  override up(): void | Promise<void> {
    this.addSql(`create table "cover_image" ("id" serial primary key, "article_id" int not null, "version" varchar(16) not null, "data" bytea not null, "width" int not null, "height" int not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "cover_image" add constraint "cover_image_article_id_unique" unique ("article_id");`);
    this.addSql(`alter table "cover_image" add constraint "cover_image_article_id_foreign" foreign key ("article_id") references "article" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "cover_image" cascade;`);
  }

}
