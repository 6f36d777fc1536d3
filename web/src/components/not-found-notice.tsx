import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { PageMeta } from '../page-head/page-meta';

export interface NotFoundNoticeProps {
  /** The h1, also the page title before " | {siteName}". */
  heading: string;
  message: string;
  path: string;
  /** Meta description; the message by default. */
  description?: string;
}

/** A 404 state: noindex head, the heading, a helpful line and 'Back to Home'. */
export function NotFoundNotice({ heading, message, path, description = message }: NotFoundNoticeProps) {
  const { siteName } = useSiteConfig();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <PageMeta status={404} noindex title={`${heading} | ${siteName}`} description={description} path={path} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBackIcon />}>
        Back to Home
      </Button>
    </Container>
  );
}
