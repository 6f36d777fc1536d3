import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSiteConfig } from '../../config/site-config';
import { PageMeta } from '../../page-head/page-meta';
import { PRIVACY_SECTIONS } from './privacy-content';

export const PRIVACY_PATH = '/privacy';

/** What the site counts, what it stores, for how long and who sees it. */
export function PrivacyPage() {
  const { siteName, contactEmail } = useSiteConfig();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta
        title={`Privacy | ${siteName}`}
        description={`What ${siteName} counts when you read it, what it stores when you write to it, for how long, and who sees it.`}
        path={PRIVACY_PATH}
      />
      <Typography variant="h1" sx={{ mb: 2 }}>
        Privacy
      </Typography>
      <Typography sx={{ mb: 4, fontSize: '1.1rem' }} color="text.secondary">
        {siteName} uses no cookies for tracking and no third-party analytics or advertising. This page says what we count, what we store, how long we keep it and who sees it.
      </Typography>
      {PRIVACY_SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Typography id={section.id} variant="h2" sx={{ fontSize: '1.5rem', mt: 4, mb: 1.5 }}>
            {section.title}
          </Typography>
          {section.paragraphs.map((text) => (
            <Typography key={text} sx={{ mb: 1.5 }}>
              {text}
            </Typography>
          ))}
        </section>
      ))}
      <Typography sx={{ mt: 4 }}>
        Questions, or a request to see or delete what we hold about you: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link> or the{' '}
        <Link href="/contact">contact form</Link>.
      </Typography>
    </Container>
  );
}
