import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router-dom';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { DOMAIN_INQUIRY_PATH, DOMAIN_PAGE_PATH, saleTermsLabel } from '../../config/site-settings';
import { brand } from '../../theme/theme';

export const DOMAIN_PITCH_POINTS = [
  'An established Australian technology news brand with a growing archive',
  'Organic search traffic from readers, investors and tech professionals',
  'Ready for advertising, partnerships and subscriptions',
] as const;

/** The site's own domain is for sale: a short pitch that leads to the contact form. */
export function DomainPitch() {
  const config = useSiteConfig();
  const host = siteHost(config);
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      elevation={0}
      data-surface="dark"
      sx={{ p: { xs: 3, md: 4 }, bgcolor: brand.navy, color: 'common.white', borderRadius: 3 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, overflowWrap: 'anywhere' }}>
        {`Why ${host}?`}
      </Typography>
      <Typography sx={{ mt: 1.5, maxWidth: 640, opacity: 0.92 }}>
        This premium domain is available to acquire. It comes with a trusted name in Australian technology news and an
        audience that is already reading.
      </Typography>
      <Box component="ul" sx={{ mt: 2, mb: 3, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {DOMAIN_PITCH_POINTS.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </Box>
      <Typography sx={{ mb: 2, fontWeight: 700 }}>{saleTermsLabel(config)} (AUD, excl. GST)</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          component={RouterLink}
          to={DOMAIN_INQUIRY_PATH}
          variant="contained"
          color="secondary"
          endIcon={<ArrowForwardIcon aria-hidden="true" />}
        >
          Request Domain Details
        </Button>
        <Button component={RouterLink} to={DOMAIN_PAGE_PATH} variant="outlined" color="inherit">
          Price, process and offer
        </Button>
      </Box>
    </Paper>
  );
}
