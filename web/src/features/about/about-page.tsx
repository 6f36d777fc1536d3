import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import DownloadIcon from '@mui/icons-material/Download';
import FlagIcon from '@mui/icons-material/Flag';
import InsightsIcon from '@mui/icons-material/Insights';
import VisibilityIcon from '@mui/icons-material/Visibility';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { DOMAIN_INQUIRY_PATH, DOMAIN_PAGE_PATH, DOMAIN_REPORT_PATH, saleTermsLabel } from '../../config/site-settings';
import { STANDARDS_LINKS } from '../../config/standards-links';
import { FediverseFollow } from '../../components/fediverse-follow';
import { SITE_ACTOR } from '../../lib/fediverse-account';
import { absoluteUrl } from '../../page-head/head-tags';
import { organizationPolicies } from '../../page-head/organization-json-ld';
import { PageMeta } from '../../page-head/page-meta';
import { brand } from '../../theme/theme';
import { COVERAGE_AREAS, COVERAGE_CATEGORY_SLUGS, PLATFORM_METRICS, WHY_CHOOSE } from './about-content';

const PATH = '/about';
const WHY_ICONS = [BoltIcon, InsightsIcon, BusinessCenterIcon];

function StatementCard({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          {icon}
          <Typography id={id} variant="h2" sx={{ fontSize: '1.5rem' }}>
            {title}
          </Typography>
        </Box>
        <Typography color="text.secondary">{children}</Typography>
      </CardContent>
    </Card>
  );
}

export function AboutPage() {
  const config = useSiteConfig();
  const { siteName } = config;
  const host = siteHost(config);
  const url = absoluteUrl(config, PATH);
  const title = `About | ${siteName}`;
  const description = `${siteName} covers artificial intelligence, space, energy, biotech and the other technologies shaping Australia's future, with news and analysis for investors, founders and professionals.`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'AboutPage',
    name: title,
    url,
    about: { '@type': 'NewsMediaOrganization', name: siteName, url: absoluteUrl(config, '/'), ...organizationPolicies(config) },
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={title} description={description} path={PATH} jsonLd={[jsonLd]} />

      <Box component="header" sx={{ mb: { xs: 4, md: 6 }, maxWidth: 780 }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          About {siteName}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem' }} color="text.secondary">
          {siteName} is an independent Australian publication covering the technologies that are reshaping business,
          science and everyday life, written for readers, investors, entrepreneurs and tech professionals.
        </Typography>
      </Box>

      <Grid container spacing={3} sx={{ mb: { xs: 5, md: 7 } }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <StatementCard id="about-mission" icon={<FlagIcon aria-hidden color="primary" />} title="Our Mission">
            To give Australians clear, accurate and timely coverage of emerging technology, so they can understand what
            is changing, why it matters and how to act on it.
          </StatementCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <StatementCard id="about-vision" icon={<VisibilityIcon aria-hidden color="primary" />} title="Our Vision">
            To be the most trusted source of technology news in Australia, connecting local innovators, investors and
            organisations with the breakthroughs that will shape the next decade.
          </StatementCard>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="about-coverage" sx={{ mb: { xs: 5, md: 7 } }}>
        <Typography id="about-coverage" variant="h2" sx={{ mb: 1 }}>
          What We Cover
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Our reporting spans {COVERAGE_AREAS.length} fields of emerging technology.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
          {COVERAGE_AREAS.map((area) => {
            const slug = COVERAGE_CATEGORY_SLUGS[area];
            return (
              <li key={area}>
                {slug ? (
                  <Chip component={RouterLink} to={`/categories/${slug}`} clickable label={area} variant="outlined" color="primary" sx={{ fontWeight: 600, bgcolor: 'background.paper' }} />
                ) : (
                  <Chip label={area} variant="outlined" sx={{ fontWeight: 600, bgcolor: 'background.paper' }} />
                )}
              </li>
            );
          })}
        </Box>
      </Box>

      <Box
        component="section"
        aria-labelledby="about-metrics"
        data-surface="dark"
        sx={{ mb: { xs: 5, md: 7 }, p: { xs: 3, md: 4 }, borderRadius: 2, bgcolor: brand.navy, color: 'common.white' }}
      >
        <Typography id="about-metrics" variant="h2" sx={{ mb: 3, color: 'inherit' }}>
          Platform Metrics
        </Typography>
        <Grid container spacing={3} component="dl" sx={{ m: 0 }}>
          {PLATFORM_METRICS.map((metric) => (
            <Grid key={metric.label} size={{ xs: 6, md: 3 }} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'inherit', opacity: 0.9 }}>
                {metric.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 800, lineHeight: 1.1 }}>
                {metric.value}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="about-why" sx={{ mb: { xs: 5, md: 7 } }}>
        <Typography id="about-why" variant="h2" sx={{ mb: 3 }}>
          Why Choose {siteName}
        </Typography>
        <Grid container spacing={3}>
          {WHY_CHOOSE.map((item, index) => {
            const Icon = WHY_ICONS[index];
            return (
              <Grid key={item.title} size={{ xs: 12, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent sx={{ p: 3 }}>
                    <Icon aria-hidden color="secondary" sx={{ fontSize: 36, mb: 1 }} />
                    <Typography variant="h3" sx={{ mb: 1 }}>
                      {item.title}
                    </Typography>
                    <Typography color="text.secondary">{item.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="about-standards" sx={{ mb: { xs: 5, md: 7 } }}>
        <Typography id="about-standards" variant="h2" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}>
          How We Work
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 780 }}>
          What we publish, how we correct it, who owns us and who writes for us, in our own words.
        </Typography>
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
          {STANDARDS_LINKS.map((link) => (
            <li key={link.path}>
              <RouterLink to={link.path}>{link.label}</RouterLink>
            </li>
          ))}
        </Box>
      </Box>

      <Box sx={{ mb: { xs: 5, md: 7 } }}>
        <FediverseFollow username={SITE_ACTOR} description={`Every story from ${siteName} in your timeline on Mastodon or any other fediverse app: search for this handle and follow it.`} />
      </Box>

      <Card component="section" aria-labelledby="about-domain" variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
            <WorkspacePremiumIcon aria-hidden color="secondary" />
            <Typography id="about-domain" variant="h2" sx={{ fontSize: '1.5rem' }}>
              Premium Domain Available
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
            {host} is for sale as a going concern: an established Australian tech news brand with published content, a
            loyal audience and growing search visibility.
          </Typography>
          <Typography sx={{ mb: 3, fontWeight: 700 }}>{saleTermsLabel(config)} (AUD, excl. GST)</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button component={RouterLink} to={DOMAIN_INQUIRY_PATH} variant="contained" size="large">
              Inquire About Purchase
            </Button>
            <Button component={RouterLink} to={DOMAIN_PAGE_PATH} variant="outlined" size="large">
              Price, process and offer
            </Button>
            {/* A PDF the server generates with the site's live figures (GET /domain/report.pdf). */}
            <Button component="a" href={DOMAIN_REPORT_PATH} download={`${host}-domain-report.pdf`} variant="outlined" size="large" startIcon={<DownloadIcon aria-hidden />}>
              Download Domain Report
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
