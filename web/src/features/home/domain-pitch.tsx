import { useId } from 'react';
import styled from '@emotion/styled';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { ButtonLink } from '../../components/button-link';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { DOMAIN_INQUIRY_PATH, DOMAIN_PAGE_PATH, saleTermsLabel } from '../../config/site-settings';
import { madeOnce } from '../../theme/made-once';
import { brand } from '../../theme/theme';

export const DOMAIN_PITCH_POINTS = [
  'An established Australian technology news brand with a growing archive',
  'Organic search traffic from readers, investors and tech professionals',
  'Ready for advertising, partnerships and subscriptions',
] as const;

const Pitch = styled('section')(
  madeOnce({
    p: { xs: 3, md: 4 },
    bgcolor: brand.navy,
    color: 'common.white',
    borderRadius: 3,
    '& > h2': { m: 0, typography: 'h2', fontSize: { xs: '1.5rem', md: '1.75rem' }, overflowWrap: 'anywhere' },
    '& > p': { m: 0, typography: 'body1' },
    '& > h2 + p': { mt: 1.5, maxWidth: 640, opacity: 0.92 },
    '& > ul': { mt: 2, mb: 3, pl: 2.5, display: 'grid', gap: 0.5 },
    '& > ul + p': { mb: 2, fontWeight: 700 },
    '& > div': { display: 'flex', flexWrap: 'wrap', gap: 1.5 },
  }),
);

/** The site's own domain is for sale: a short pitch that leads to the contact form. */
export function DomainPitch() {
  const config = useSiteConfig();
  const host = siteHost(config);
  const headingId = useId();
  return (
    <Pitch aria-labelledby={headingId} data-surface="dark">
      <h2 id={headingId}>{`Why ${host}?`}</h2>
      <p>
        This premium domain is available to acquire. It comes with a trusted name in Australian technology news and an
        audience that is already reading.
      </p>
      <ul>
        {DOMAIN_PITCH_POINTS.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p>{saleTermsLabel(config)} (AUD, excl. GST)</p>
      <div>
        <ButtonLink to={DOMAIN_INQUIRY_PATH} tone="secondary" endIcon={<ArrowForwardIcon aria-hidden="true" />}>
          Request Domain Details
        </ButtonLink>
        <ButtonLink to={DOMAIN_PAGE_PATH} variant="outlined" tone="inherit">
          Price, process and offer
        </ButtonLink>
      </div>
    </Pitch>
  );
}
