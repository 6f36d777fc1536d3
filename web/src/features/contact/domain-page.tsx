import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReactNode } from 'react';
import { DomainName } from '../../components/domain-name';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { useSearchParams } from 'react-router-dom';
import { DOMAIN_PAGE_PATH, DOMAIN_REPORT_PATH, formatAud, GST_NOTE, saleTermsLabel } from '../../config/site-settings';
import { DomainPageDocument } from '../../graphql/graphql';
import { Island } from '../../islands/island';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { brand } from '../../theme/theme';
import { ContactFormIsland, type ContactFormIslandProps } from './contact-form.island';
import { AU_ELIGIBILITY, DOMAIN_INCLUDED, isAuDomain, SALE_PROCESS } from './domain-content';
import { OFFER_FORM_PATH } from './inquiry-form-data';
import { useInquiryOutcome } from './inquiry-outcome';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export const domainPageQuery = { query: DomainPageDocument };

/** The query of the Buy-Now link. */
const BUY_NOW_PARAM = 'buy';

/**
 * The buyer's page: the asking terms, what is included, the site's live figures (read from the
 * database as the page renders), the process through independent escrow, the .au eligibility
 * rule and the offer form (the contact form island in its offer mode).
 */
export function DomainPage() {
  const config = useSiteConfig();
  const domain = siteHost(config);
  const { data } = useQuery(domainPageQuery.query);
  // The answer to the offer sent without JavaScript, when the page replies to one.
  const outcome = useInquiryOutcome(OFFER_FORM_PATH);
  const inquiryTypes = (data?.inquiryTypes ?? []).map(({ value, label }) => ({ value, label }));
  const totalArticles = data?.articles.totalCount ?? null;
  const latest = data?.articles.nodes[0]?.publishedAt ?? null;
  const categories = (data?.categories ?? []).filter((category) => category.articleCount > 0);
  const terms = saleTermsLabel(config);
  const title = `${domain} is for sale | ${config.siteName}`;
  const description = `${domain} is for sale: ${terms}. An Australian tech news site with its archive and brand, transferred through independent escrow.`;
  // "Buy now" links here with ?buy=now: the offer form opens at the asking price, ready to proceed now.
  const buyNow = useSearchParams()[0].get(BUY_NOW_PARAM) === 'now' && config.salePriceAud !== null;
  const offer: ContactFormIslandProps['offer'] = {
    heading: buyNow ? 'Buy Now' : 'Make an Offer',
    subject: `Offer for ${domain}`,
    minOfferAud: config.saleMinOfferAud,
    priceAud: config.salePriceAud,
    ...(buyNow && config.salePriceAud !== null ? { amountAud: config.salePriceAud.toLocaleString('en-AU'), timeframe: 'IMMEDIATELY' as const } : {}),
  };
  const jsonLd = { '@context': 'https://schema.org', '@type': 'WebPage', name: title, url: absoluteUrl(config, DOMAIN_PAGE_PATH) };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={title} description={description} path={DOMAIN_PAGE_PATH} jsonLd={[jsonLd]} />
      <Box
        component="header"
        data-surface="dark"
        sx={{ mb: { xs: 4, md: 5 }, p: { xs: 3, md: 4 }, bgcolor: brand.navy, color: 'common.white', borderRadius: 3 }}
      >
        {/* Breaks only at the domain's dots; the type scales down on the narrowest phones so its longest label fits. */}
        <Typography variant="h1" sx={{ mb: 1.5, overflowWrap: 'normal', fontSize: { xs: 'clamp(1.5rem, 8vw, 2rem)', md: '2.6rem' } }}>
          <DomainName domain={domain} /> is for sale
        </Typography>
        <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }} data-testid="sale-terms">
          {terms}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.9 }}>{GST_NOTE}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
          {config.salePriceAud !== null && (
            <Button component="a" href={`${DOMAIN_PAGE_PATH}?${BUY_NOW_PARAM}=now#offer`} variant="contained" color="secondary" data-testid="buy-now">
              Buy now for {formatAud(config.salePriceAud)}
            </Button>
          )}
          <Button component="a" href={`${DOMAIN_PAGE_PATH}#offer`} variant={config.salePriceAud !== null ? 'outlined' : 'contained'} color={config.salePriceAud !== null ? 'inherit' : 'secondary'}>
            Make an Offer
          </Button>
          <Button component="a" href={DOMAIN_REPORT_PATH} download={`${domain}-domain-report.pdf`} variant="outlined" color="inherit" startIcon={<DownloadIcon aria-hidden />}>
            Download Domain Report
          </Button>
        </Box>
      </Box>

      <Grid container spacing={3} sx={{ mb: { xs: 4, md: 5 } }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="domain-included" title="What is included">
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
              {DOMAIN_INCLUDED.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Box>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="domain-figures" title="Live figures">
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              Counted from the site&rsquo;s database as this page was served, not estimates.
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
              <dt>Articles published</dt>
              <Box component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }} data-testid="figure-articles">
                {totalArticles === null ? '—' : totalArticles.toLocaleString('en-AU')}
              </Box>
              {latest && (
                <>
                  <dt>Latest article</dt>
                  <Box component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
                    {new Date(latest).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' })}
                  </Box>
                </>
              )}
              {categories.map((category) => (
                <Box key={category.id} sx={{ display: 'contents', color: 'text.secondary' }}>
                  <dt>{category.name}</dt>
                  <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                    {category.articleCount.toLocaleString('en-AU')}
                  </Box>
                </Box>
              ))}
            </Box>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: isAuDomain(domain) ? 7 : 12 }}>
          <Section id="domain-process" title="How the purchase works">
            <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
              {SALE_PROCESS.map((step) => (
                <li key={step.title}>
                  <strong>{step.title}.</strong> {step.text}
                </li>
              ))}
            </Box>
          </Section>
        </Grid>
        {isAuDomain(domain) && (
          <Grid size={{ xs: 12, md: 5 }}>
            <Section id="domain-eligibility" title=".au eligibility">
              <Typography>{AU_ELIGIBILITY}</Typography>
            </Section>
          </Grid>
        )}
      </Grid>

      <Box id="offer" sx={{ scrollMarginTop: 96 }}>
        <Island name="contact-form" when="interaction" props={{ inquiryTypes, offer, outcome }}>
          <ContactFormIsland inquiryTypes={inquiryTypes} offer={offer} outcome={outcome} />
        </Island>
      </Box>
    </Container>
  );
}
