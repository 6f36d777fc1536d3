import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useSiteConfig } from '../../config/site-config';
import { ContactPageDocument } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { Island } from '../../islands/island';
import { ContactFormIsland } from './contact-form.island';
import { ContactSideCards } from './contact-side-cards';
import { CONTACT_FORM_PATH } from './inquiry-form-data';
import { useInquiryOutcome } from './inquiry-outcome';

const PATH = '/contact';

export const contactPageQuery = { query: ContactPageDocument };

export function ContactPage() {
  const config = useSiteConfig();
  // Read on the server and handed to the form island as props: the browser never asks for them.
  const inquiryTypes = (useQuery(contactPageQuery.query).data?.inquiryTypes ?? []).map(({ value, label }) => ({ value, label }));
  // Domain calls to action link here with ?inquiry=domain: that type is selected (unknown values are ignored).
  const requested = useSearchParams()[0].get('inquiry')?.toLowerCase() ?? '';
  const initialInquiryType = inquiryTypes.some((option) => option.value.toLowerCase() === requested) ? requested : undefined;
  // The answer to this form sent without JavaScript, when the page replies to one.
  const outcome = useInquiryOutcome(CONTACT_FORM_PATH);
  const { siteName, contactEmail, contactPhone } = config;
  const title = `Contact | ${siteName}`;
  const description = `Contact the ${siteName} team about tech news coverage, advertising partnerships, editorial submissions or acquiring our premium domain.`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: title,
    url: absoluteUrl(config, PATH),
    mainEntity: {
      '@type': 'Organization',
      name: siteName,
      email: contactEmail,
      telephone: contactPhone,
      areaServed: 'AU',
    },
  };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={title} description={description} path={PATH} jsonLd={[jsonLd]} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        Get In Touch
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: { xs: 4, md: 5 }, maxWidth: 760, fontSize: '1.1rem' }}>
        Have a story tip about Australian tech, want to reach our readers through advertising, or are you interested in
        acquiring this domain? Send us a message and the right person on our team will get back to you.
      </Typography>
      <Grid container spacing={4}>
        {/* The form keeps its own height and stays in view beside the taller side cards: no blank card. */}
        <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ alignSelf: 'flex-start', position: { md: 'sticky' }, top: { md: 88 } }}>
          <Island name="contact-form" when="interaction" props={{ inquiryTypes, initialInquiryType, outcome }}>
            <ContactFormIsland inquiryTypes={inquiryTypes} initialInquiryType={initialInquiryType} outcome={outcome} />
          </Island>
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <ContactSideCards />
        </Grid>
      </Grid>
    </Container>
  );
}
