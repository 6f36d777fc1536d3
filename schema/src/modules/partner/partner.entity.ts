import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';
import { PARTNER_PLACEMENTS } from './partner-placements.js';

const PartnerSchema = defineEntity({
  name: 'Partner',
  tableName: 'partner',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(80).unique(),
    name: p.string().length(120),
    description: p.text(),
    offer: p.string().length(200),
    cta: p.string().length(60),
    affiliateUrl: p.string().length(500),
    icon: p.string().length(60),
    badge: p.string().length(40).nullable(),
    placement: p.enum(() => PARTNER_PLACEMENTS).index(),
    /** A disabled partner is kept for editors and shown to no reader. */
    enabled: p.boolean().default(true),
    ...timestamps,
  },
});

export class Partner extends PartnerSchema.class {}
PartnerSchema.setClass(Partner);
export { PartnerSchema };
