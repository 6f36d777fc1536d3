import type { PartnerPlacementValue } from '../../modules/partner/partner-placements.js';

/** Shapes of the seed content. Dates are relative to seeding time so age labels stay varied. */
export interface SeedCategory {
  name: string;
  slug: string;
  description: string;
  /** Name of a Material icon (see web/src/components/category-icon.tsx). */
  icon: string;
  /** Position in the browsing list (docs/product.md's order). */
  position: number;
}

export interface SeedArticle {
  /** Stable, unique, kebab-case; used for the cover image key and idempotent seeding. */
  slug: string;
  title: string;
  excerpt: string;
  /** Plain text, several sentences, no markup. Sentences end with . ! or ? followed by a space. */
  content: string;
  categorySlug: string;
  author: string;
  /** How long before seeding time the article was published. */
  hoursAgo: number;
  isBreaking: boolean;
  sourceUrl?: string;
}

export interface SeedBreakingNewsItem {
  title: string;
  /** Lower numbers show first. */
  position: number;
}

export interface SeedPartner {
  slug: string;
  name: string;
  description: string;
  offer: string;
  cta: string;
  affiliateUrl: string;
  /** Name of a Material icon. */
  icon: string;
  badge?: string;
  placement: PartnerPlacementValue;
}
