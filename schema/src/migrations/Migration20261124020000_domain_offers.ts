import { Migration } from '@mikro-orm/migrations';

/** Domain inquiries carry an offer: amount in whole AUD, optional company and ABN, and a timeframe. */
export class Migration20261124020000_domain_offers extends Migration {

  override name = 'Migration20261124020000_domain_offers';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contact_message" add column "offer_amount_aud" int null, add column "offer_company" varchar(200) null, add column "offer_abn" varchar(11) null, add column "offer_timeframe" varchar(20) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contact_message" drop column "offer_amount_aud", drop column "offer_company", drop column "offer_abn", drop column "offer_timeframe";`);
  }

}
