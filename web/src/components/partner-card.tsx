import styled from '@emotion/styled';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { PartnerCard_PartnerFragment } from '../graphql/graphql';
import { madeOnce } from '../theme/made-once';
import { ButtonLink } from './button-link';
import { BadgeChip } from './chip';
import { NamedIcon } from './named-icon';

/** The partner fields a card shows: its fragment, typed by codegen. */
export type PartnerCardPartner = Omit<PartnerCard_PartnerFragment, '__typename'>;

/** Affiliate links: paid placement, no referrer or opener handed to the partner. */
export const SPONSORED_REL = 'sponsored noopener noreferrer';

export interface PartnerCardProps {
  partner: PartnerCardPartner;
  headingLevel?: 'h2' | 'h3' | 'h4';
}

// The sidebar sends every partner (the island shows one): styled once (theme/made-once.ts).
const Card = styled('article')(
  madeOnce({
    display: 'flex',
    flexDirection: 'column',
    gap: 1.5,
    p: 2,
    pb: 3,
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'primary.main',
    borderRadius: 'var(--mui-shape-borderRadius)',
    '& > p': { m: 0, typography: 'body2' },
  }),
);
/** "Sponsored", above a partner's name. */
export const SponsoredLabel = styled('p')(madeOnce({ m: 0, typography: 'overline', color: 'text.secondary', lineHeight: 1 }));
const Heading = styled('div')(
  madeOnce({
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    '& > :is(h2, h3, h4)': { m: 0, typography: 'h4', flexGrow: 1, minWidth: 0 },
  }),
);
/** The partner's icon on a square of the primary colour. */
export const PartnerIcon = styled('div')(
  madeOnce({
    display: 'grid',
    placeItems: 'center',
    width: 44,
    height: 44,
    flexShrink: 0,
    borderRadius: 2,
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '&[data-size="large"]': { width: 64, height: 64, borderRadius: 3 },
  }),
);
/** A partner's description and its offer, in body2. */
export const PartnerText = styled('p')(madeOnce({ m: 0, typography: 'body2', color: 'text.secondary', '&[data-offer]': { fontWeight: 700, color: 'primary.dark' } }));

/** A sponsored partner offer: name, icon, optional badge, description, offer and an affiliate link. */
export function PartnerCard({ partner, headingLevel: HeadingLevel = 'h3' }: PartnerCardProps) {
  return (
    <Card data-testid="partner-card">
      <SponsoredLabel>Sponsored</SponsoredLabel>
      <Heading>
        <PartnerIcon>
          <NamedIcon name={partner.icon} />
        </PartnerIcon>
        <HeadingLevel>{partner.name}</HeadingLevel>
        {partner.badge && <BadgeChip label={partner.badge} />}
      </Heading>
      <PartnerText>{partner.description}</PartnerText>
      <PartnerText data-offer="">{partner.offer}</PartnerText>
      <ButtonLink href={partner.affiliateUrl} target="_blank" rel={SPONSORED_REL} endIcon={<OpenInNewIcon aria-hidden="true" />} aria-label={`${partner.cta}: ${partner.name} (opens in a new tab)`}>
        {partner.cta}
      </ButtonLink>
    </Card>
  );
}
