import type { EntityManager } from '@mikro-orm/core';
import { Partner } from './partner.entity.js';
import type { PartnerPlacementValue } from './partner-placements.js';

export interface PartnerView {
  id: number;
  slug: string;
  name: string;
  description: string;
  offer: string;
  cta: string;
  affiliateUrl: string;
  icon: string;
  badge: string | null;
  placement: PartnerPlacementValue;
}

export class PartnerService {
  constructor(private readonly em: EntityManager) {}

  async list(placement?: PartnerPlacementValue | null): Promise<PartnerView[]> {
    const rows = await this.em.find(Partner, placement ? { placement } : {}, { orderBy: { id: 'asc' } });
    return rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      offer: p.offer,
      cta: p.cta,
      affiliateUrl: p.affiliateUrl,
      icon: p.icon,
      badge: p.badge ?? null,
      placement: p.placement as PartnerPlacementValue,
    }));
  }
}
