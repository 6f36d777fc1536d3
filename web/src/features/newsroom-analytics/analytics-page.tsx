import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSiteConfig } from '../../config/site-config';
import { Island } from '../../islands/island';
import { PageMeta } from '../../page-head/page-meta';
import { AnalyticsDashboard } from './analytics-dashboard';

export const ANALYTICS_PATH = '/newsroom/analytics';

/**
 * The owner's audience figures (decision 024): a server-rendered shell, never indexed, holding
 * one island that signs in with the newsroom token and draws the figures.
 */
export function NewsroomAnalyticsPage() {
  const { siteName } = useSiteConfig();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta noindex title={`Audience | Newsroom | ${siteName}`} description={`First-party audience figures of ${siteName}.`} path={ANALYTICS_PATH} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        Audience
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        Counted by the site itself, without cookies or third parties: page views of reader pages (bots and prefetches excluded), visitors
        once a day from a salted hash that changes daily, referrers, countries and real readers&apos; Core Web Vitals.
      </Typography>
      <Island name="analytics-dashboard" when="load">
        <AnalyticsDashboard />
      </Island>
    </Container>
  );
}
