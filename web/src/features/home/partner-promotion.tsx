import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { NamedIcon } from '../../components/named-icon';
import { SPONSORED_REL, type PartnerCardPartner } from '../../components/partner-card';
import { belowTheFold } from '../../theme/below-the-fold';

/** The wide promotion block in the main column (the PROMOTION partner). */
export function PartnerPromotion({ partner }: { partner: PartnerCardPartner }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="partner-promotion"
      sx={{
        p: { xs: 2.5, md: 3.5 },
        borderRadius: 3,
        borderColor: 'primary.main',
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 2, sm: 3 },
        ...belowTheFold(260),
      }}
    >
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          flexShrink: 0,
          borderRadius: 3,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <NamedIcon name={partner.icon} fontSize="large" />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            Sponsored
          </Typography>
          {partner.badge && <Chip label={partner.badge} size="small" color="secondary" />}
        </Box>
        <Typography id={headingId} variant="h3" component="h2">
          {partner.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {partner.description}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 700, color: 'primary.dark' }}>
          {partner.offer}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="large"
        href={partner.affiliateUrl}
        target="_blank"
        rel={SPONSORED_REL}
        endIcon={<OpenInNewIcon aria-hidden="true" />}
        aria-label={`${partner.cta}: ${partner.name} (opens in a new tab)`}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {partner.cta}
      </Button>
    </Paper>
  );
}
