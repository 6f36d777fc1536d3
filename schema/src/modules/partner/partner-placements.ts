/** Where a partner promotion is shown, defined once: the entity, the GraphQL enum and the seed derive from it. */
export const PARTNER_PLACEMENTS = ['sidebar', 'promotion'] as const;

export type PartnerPlacementValue = (typeof PARTNER_PLACEMENTS)[number];
