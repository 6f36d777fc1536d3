import { useId } from 'react';
import styled from '@emotion/styled';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ButtonLink } from '../../components/button-link';
import { BadgeChip } from '../../components/chip';
import { NamedIcon } from '../../components/named-icon';
import { PartnerIcon, PartnerText, SPONSORED_REL, SponsoredLabel, type PartnerCardPartner } from '../../components/partner-card';
import { belowTheFold } from '../../theme/below-the-fold';
import { madeOnce } from '../../theme/made-once';

const Promotion = styled('section')(
  madeOnce({
    p: { xs: 2.5, md: 3.5 },
    borderRadius: 3,
    border: 1,
    borderColor: 'primary.main',
    bgcolor: 'background.paper',
    color: 'text.primary',
    display: 'flex',
    flexDirection: { xs: 'column', sm: 'row' },
    alignItems: { xs: 'flex-start', sm: 'center' },
    gap: { xs: 2, sm: 3 },
    ...belowTheFold(260),
    '& > div:nth-of-type(2)': { flexGrow: 1, minWidth: 0 },
    '& h2': { m: 0, typography: 'h3' },
    '& h2 + p': { mt: 0.5 },
    '& p[data-offer]': { mt: 1 },
    '& > a': { flexShrink: 0, whiteSpace: 'nowrap' },
  }),
);
const Labels = styled('div')(madeOnce({ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', '& > p': { lineHeight: 1.5 } }));

/** The wide promotion block in the main column (the PROMOTION partner). */
export function PartnerPromotion({ partner }: { partner: PartnerCardPartner }) {
  const headingId = useId();
  return (
    <Promotion aria-labelledby={headingId} data-testid="partner-promotion">
      <PartnerIcon data-size="large">
        <NamedIcon name={partner.icon} fontSize="large" />
      </PartnerIcon>
      <div>
        <Labels>
          <SponsoredLabel>Sponsored</SponsoredLabel>
          {partner.badge && <BadgeChip label={partner.badge} />}
        </Labels>
        <h2 id={headingId}>{partner.name}</h2>
        <PartnerText>{partner.description}</PartnerText>
        <PartnerText data-offer="">{partner.offer}</PartnerText>
      </div>
      <ButtonLink
        size="large"
        href={partner.affiliateUrl}
        target="_blank"
        rel={SPONSORED_REL}
        endIcon={<OpenInNewIcon aria-hidden="true" />}
        aria-label={`${partner.cta}: ${partner.name} (opens in a new tab)`}
      >
        {partner.cta}
      </ButtonLink>
    </Promotion>
  );
}
