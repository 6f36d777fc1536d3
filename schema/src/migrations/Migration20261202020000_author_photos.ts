import { Migration } from '@mikro-orm/migrations';

/** Authors' uploaded photos: one re-encoded picture per author, removed with the author. */
export class Migration20261202020000_author_photos extends Migration {

  override name = 'Migration20261202020000_author_photos';

  override up(): void | Promise<void> {
    this.addSql(`create table "author_photo" ("id" serial primary key, "author_id" int not null, "version" varchar(16) not null, "data" bytea not null, "width" int not null, "height" int not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "author_photo" add constraint "author_photo_author_id_unique" unique ("author_id");`);
    this.addSql(`alter table "author_photo" add constraint "author_photo_author_id_foreign" foreign key ("author_id") references "author" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "author_photo" cascade;`);
  }

}
