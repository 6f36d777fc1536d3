import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { PartnerCard_PartnerFragment } from '../graphql/graphql';
import { NamedIcon } from './named-icon';

/** The partner fields a card shows: its fragment, typed by codegen. */
export type PartnerCardPartner = Omit<PartnerCard_PartnerFragment, '__typename'>;

/** Affiliate links: paid placement, no referrer or opener handed to the partner. */
export const SPONSORED_REL = 'sponsored noopener noreferrer';

export interface PartnerCardProps {
  partner: PartnerCardPartner;
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/** A sponsored partner offer: name, icon, optional badge, description, offer and an affiliate link. */
export function PartnerCard({ partner, headingLevel = 'h3' }: PartnerCardProps) {
  return (
    <Card variant="outlined" component="article" data-testid="partner-card" sx={{ borderColor: 'primary.main', borderWidth: 1 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1 }}>
          Sponsored
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <NamedIcon name={partner.icon} />
          </Box>
          <Typography variant="h4" component={headingLevel} sx={{ flexGrow: 1, minWidth: 0 }}>
            {partner.name}
          </Typography>
          {partner.badge && <Chip label={partner.badge} size="small" color="secondary" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {partner.description}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }}>
          {partner.offer}
        </Typography>
        <Button
          variant="contained"
          href={partner.affiliateUrl}
          target="_blank"
          rel={SPONSORED_REL}
          endIcon={<OpenInNewIcon aria-hidden="true" />}
          aria-label={`${partner.cta}: ${partner.name} (opens in a new tab)`}
        >
          {partner.cta}
        </Button>
      </CardContent>
    </Card>
  );
}
