import styled from '@emotion/styled';
import { useSiteConfig } from '../../config/site-config';
import { madeOnce } from '../../theme/made-once';

/** Where the house advertisement leads: the contact form with 'Advertising Partnership' chosen. */
export const HOUSE_AD_HREF = '/contact?inquiry=advertising';

const Box = styled('a')(
  madeOnce({
    // The real slots: a 320x100 mobile banner on phones, a 300x250 rectangle from tablets up.
    width: { xs: 320, md: 300 },
    maxWidth: '100%',
    height: { xs: 100, md: 250 },
    mx: 'auto',
    px: 2,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: { xs: 0.25, md: 1 },
    textAlign: 'center',
    textDecoration: 'none',
    border: 1,
    borderColor: 'primary.main',
    borderRadius: 2,
    bgcolor: 'background.paper',
    color: 'text.primary',
    '&:hover': { bgcolor: 'action.hover' },
    '& > small': { typography: 'caption', color: 'text.secondary', textTransform: 'uppercase', letterSpacing: '0.08em' },
    '& > strong': { fontSize: { xs: '1rem', md: '1.25rem' }, fontWeight: 800, color: 'primary.main', lineHeight: 1.25 },
    '& > span': { typography: 'body2', color: 'text.secondary' },
  }),
);

/**
 * The advertisement position beside an article, until an ad network fills it: the site's own
 * advertisement for advertising with it, labelled as an advertisement, in the slot's size.
 */
export function HouseAd() {
  const { siteName } = useSiteConfig();
  return (
    <Box href={HOUSE_AD_HREF} data-testid="ad-placeholder">
      <small>Advertisement</small>
      <strong>Advertise with {siteName}</strong>
      <span>Reach Australia&rsquo;s tech readers</span>
    </Box>
  );
}
