import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useLocation } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { PageMeta } from '../page-head/page-meta';

/** What readers read when a page could not be rendered: 503 (the database is out) or 500 (a fault of ours). */
export const SERVER_ERROR_COPY = {
  unavailable: {
    heading: 'The news is briefly unavailable',
    message: "We can't reach our news desk right now. This is usually over within a minute or two: please try again shortly.",
  },
  failed: {
    heading: 'Something went wrong',
    message: "This page couldn't be shown because of a fault on our side. Please try again shortly.",
  },
} as const;

/** An error state in the site's frame: noindex head with the real status, the heading, and 'Try again'. */
export function ServerErrorNotice({ status }: { status: number }) {
  const { siteName } = useSiteConfig();
  const { pathname, search } = useLocation();
  const copy = status === 503 ? SERVER_ERROR_COPY.unavailable : SERVER_ERROR_COPY.failed;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <PageMeta status={status} noindex title={`${copy.heading} | ${siteName}`} description={copy.message} path={pathname} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {copy.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {copy.message}
      </Typography>
      <Button component="a" href={`${pathname}${search}`} variant="contained" startIcon={<RefreshIcon aria-hidden="true" />}>
        Try again
      </Button>
    </Container>
  );
}
