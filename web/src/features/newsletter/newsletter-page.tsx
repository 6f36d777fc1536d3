import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { NewsletterPageDocument } from '../../graphql/graphql';
import { PageMeta } from '../../page-head/page-meta';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_OUTCOMES,
  NEWSLETTER_PATH,
  NEWSLETTER_PREFERENCES_PATH,
  NEWSLETTER_PROBLEMS,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  type NewsletterOutcome,
  type NewsletterProblem,
} from './newsletter-paths';

export const newsletterPageQuery = { query: NewsletterPageDocument, fetchPolicy: 'cache-first' as const };

const FREQUENCIES = [
  { value: 'daily', label: 'Daily, 7 am Sydney time' },
  { value: 'weekly', label: 'Weekly, Monday 7 am' },
  { value: 'both', label: 'Both' },
] as const;

const hidden = { position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' } as const;

/** The outcome of a posted form, from the page's query: a message, never the address. */
function Outcome() {
  const [search] = useSearchParams();
  const done = search.get('done') as NewsletterOutcome | null;
  const problem = search.get('problem') as NewsletterProblem | null;
  if (done && done in NEWSLETTER_OUTCOMES) return <Alert severity="success" role="status" sx={{ mb: 3 }}>{NEWSLETTER_OUTCOMES[done]}</Alert>;
  if (problem && problem in NEWSLETTER_PROBLEMS) return <Alert severity="error" role="alert" sx={{ mb: 3 }}>{NEWSLETTER_PROBLEMS[problem]}</Alert>;
  return null;
}

function Choices({ categories }: { categories: readonly { slug: string; name: string }[] }) {
  return (
    <>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
        <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          How often
        </Typography>
        {FREQUENCIES.map((f, i) => (
          <Box key={f.value} component="label" sx={{ display: 'block', mb: 0.5 }}>
            <input type="radio" name="frequency" value={f.value} defaultChecked={i === 0} /> {f.label}
          </Box>
        ))}
        <Box component="label" sx={{ display: 'block', mt: 1 }}>
          <input type="checkbox" name="breakingAlerts" value="on" /> Also e-mail me when a story is flagged breaking news
        </Box>
      </Box>
      {categories.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            Categories (none ticked: all of them)
          </Typography>
          {categories.map((c) => (
            <Box key={c.slug} component="label" sx={{ display: 'inline-block', mr: 2, mb: 0.5 }}>
              <input type="checkbox" name="categories" value={c.slug} /> {c.name}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/** What the newsletter is, a sample, and the form: a plain POST that answers this page. */
export function NewsletterPage() {
  const { siteName, contactEmail } = useSiteConfig();
  const { data } = useQuery(newsletterPageQuery.query, newsletterPageQuery);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={`Newsletter | ${siteName}`} description={`${siteName} in your inbox: the day's Australian tech stories at 7 am, or the week's most read on Monday.`} path={NEWSLETTER_PATH} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        Newsletter
      </Typography>
      <Outcome />
      <Typography sx={{ mb: 2 }}>
        Every morning at 7 am Sydney time, the stories published since the last one in the categories you choose, and nothing on days without news. On Mondays, the week&apos;s most read
        plus the newest. Each story comes with its title, category, a short summary and a link.
      </Typography>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mt: 3, mb: 1 }}>
        A sample issue
      </Typography>
      <Box component="blockquote" sx={{ borderLeft: 4, borderColor: 'primary.main', pl: 2, ml: 0, mb: 3, color: 'text.secondary' }}>
        <strong>{siteName}: today&apos;s stories</strong>
        <br />
        [Quantum Computing] Sydney lab makes its first silicon qubit chip: a short summary and a link.
        <br />
        [Cybersecurity] What the new breach notification rules ask of small businesses: a short summary and a link.
      </Box>
      <Box component="form" method="post" action={NEWSLETTER_PATH} sx={{ mb: 3 }}>
        <Box component="label" htmlFor="newsletter-email" sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
          E-mail
        </Box>
        <Box component="input" id="newsletter-email" name="email" type="email" required maxLength={254} autoComplete="email" sx={{ width: '100%', maxWidth: 420, p: 1, mb: 2, font: 'inherit' }} />
        <Choices categories={data?.categories ?? []} />
        <Box sx={hidden} aria-hidden="true">
          <label>
            Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </Box>
        <input type="hidden" name="page" value={NEWSLETTER_PATH} />
        <Button type="submit" variant="contained">
          Subscribe
        </Button>
      </Box>
      <Typography color="text.secondary">
        We send one confirmation e-mail first and nothing else until you click its link. Every e-mail has a one-click unsubscribe. We keep your address, your choices and when you
        agreed, nothing more. Questions: {contactEmail}.
      </Typography>
    </Container>
  );
}

/** A page whose only content is a button that posts the link's token: mail scanners that open links change nothing. */
function TokenAction({ title, path, text, button, children }: { title: string; path: string; text: string; button: string; children?: React.ReactNode }) {
  const { siteName } = useSiteConfig();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={`${title} | ${siteName}`} description={text} path={path} noindex />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Box component="form" method="post" action={path}>
        <input type="hidden" name="token" value={token} />
        {children}
        <Button type="submit" variant="contained">
          {button}
        </Button>
      </Box>
    </Container>
  );
}

export function NewsletterConfirmPage() {
  return <TokenAction title="Confirm your subscription" path={NEWSLETTER_CONFIRM_PATH} text="One click and the newsletter starts with the next morning's digest." button="Confirm my subscription" />;
}

export function NewsletterUnsubscribePage() {
  return <TokenAction title="Unsubscribe" path={NEWSLETTER_UNSUBSCRIBE_PATH} text="Stop every newsletter to this address, at once." button="Unsubscribe" />;
}

export function NewsletterPreferencesPage() {
  const { data } = useQuery(newsletterPageQuery.query, newsletterPageQuery);
  return (
    <TokenAction title="Newsletter preferences" path={NEWSLETTER_PREFERENCES_PATH} text="Choose how often and which categories." button="Save my preferences">
      <Choices categories={data?.categories ?? []} />
    </TokenAction>
  );
}
