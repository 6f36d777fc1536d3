import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSiteConfig } from '../../config/site-config';
import { Island } from '../../islands/island';
import { PageMeta } from '../../page-head/page-meta';
import { NewsroomSignIn } from '../../components/newsroom-sign-in';

export const NEWSROOM_PATH = '/newsroom';

/**
 * The editors' page: server-rendered as a shell (never indexed) holding one island, the newsroom
 * app, whose code only this page loads, so no reader downloads it.
 */
export function NewsroomPage() {
  const { siteName } = useSiteConfig();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta noindex title={`Newsroom | ${siteName}`} description={`Publish and edit stories on ${siteName}.`} path={NEWSROOM_PATH} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        Newsroom
      </Typography>
      <Island name="newsroom-app" when="load">
        <NewsroomSignIn />
      </Island>
    </Container>
  );
}
