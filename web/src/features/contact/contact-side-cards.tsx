import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailIcon from '@mui/icons-material/Email';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { DOMAIN_PAGE_PATH, saleTermsLabel } from '../../config/site-settings';
import { brand } from '../../theme/theme';

export const DOMAIN_SALE_POINTS = [
  'Established tech news site with content',
  'Growing organic traffic and SEO rankings',
  'Multiple revenue streams',
  'Authoritative brand',
] as const;

/** The contact page's response-time promises. */
export const RESPONSE_TIMES = [
  { inquiry: 'General Inquiries', time: '24-48 hours' },
  { inquiry: 'Domain Purchase', time: 'same day' },
  { inquiry: 'Advertising', time: '24 hours' },
  { inquiry: 'Technical Support', time: '1-2 hours' },
] as const;

function SideCard({ id, title, children, highlight = false }: { id: string; title: string; children: ReactNode; highlight?: boolean }) {
  return (
    <Card
      component="section"
      aria-labelledby={id}
      variant="outlined"
      data-surface={highlight ? 'dark' : undefined}
      sx={highlight ? { bgcolor: brand.navy, color: 'common.white', borderColor: brand.navy } : undefined}
    >
      <CardContent sx={{ p: 3 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2, color: 'inherit' }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function DomainSaleCard() {
  const config = useSiteConfig();
  return (
    <SideCard id="contact-domain-heading" title="Premium Domain For Sale" highlight>
      <Typography sx={{ mb: 1.5, fontWeight: 700, color: 'inherit', overflowWrap: 'anywhere' }}>
        {siteHost(config)}: {saleTermsLabel(config)}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {DOMAIN_SALE_POINTS.map((point) => (
          <Box component="li" key={point} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckCircleIcon aria-hidden fontSize="small" sx={{ mt: '2px', color: 'inherit' }} />
            <span>{point}</span>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2.5, pt: 2, borderTop: 1, borderColor: (theme) => alpha(theme.palette.common.white, 0.2) }}>
        <WorkspacePremiumIcon aria-hidden fontSize="small" sx={{ mt: '2px', color: 'secondary.light' }} />
        <Typography variant="body2" sx={{ color: 'inherit' }}>
          Serious buyers: choose &lsquo;Domain Purchase&rsquo; as the inquiry type and we&rsquo;ll reply the same day.
        </Typography>
      </Box>
      <Link href={DOMAIN_PAGE_PATH} sx={{ display: 'inline-block', mt: 2, color: 'inherit', fontWeight: 700 }}>
        Price, process and offer form
      </Link>
    </SideCard>
  );
}

function ContactInformationCard() {
  const { contactEmail, contactPhone } = useSiteConfig();
  const rows = [
    { icon: <EmailIcon aria-hidden color="primary" />, label: 'Email', content: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link> },
    { icon: <PhoneIcon aria-hidden color="primary" />, label: 'Phone', content: <Link href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</Link> },
    { icon: <LocationOnIcon aria-hidden color="primary" />, label: 'Location', content: <span>Australia</span> },
  ];
  return (
    <SideCard id="contact-info-heading" title="Contact Information">
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        {rows.map((row) => (
          // A <dl> allows one wrapping <div> per group: the icon sits in the <dt>.
          <Box key={row.label} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, alignItems: 'start' }}>
            <Typography component="dt" variant="subtitle2" sx={{ display: 'contents' }}>
              <Box component="span" sx={{ gridRow: 'span 2', display: 'flex' }}>
                {row.icon}
              </Box>
              <span>{row.label}</span>
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, gridColumn: 2, overflowWrap: 'anywhere' }}>
              {row.content}
            </Typography>
          </Box>
        ))}
      </Stack>
    </SideCard>
  );
}

function ResponseTimesCard() {
  return (
    <SideCard id="contact-response-heading" title="Response Times">
      <Table size="small" aria-labelledby="contact-response-heading">
        <TableHead>
          <TableRow>
            <TableCell sx={{ pl: 0, fontWeight: 700 }}>Inquiry</TableCell>
            <TableCell align="right" sx={{ pr: 0, fontWeight: 700 }}>Time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {RESPONSE_TIMES.map((row) => (
            <TableRow key={row.inquiry} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {row.inquiry}
              </TableCell>
              <TableCell align="right" sx={{ pr: 0, fontWeight: 600 }}>
                {row.time}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SideCard>
  );
}

export function ContactSideCards() {
  return (
    <Stack spacing={3}>
      <DomainSaleCard />
      <ContactInformationCard />
      <ResponseTimesCard />
    </Stack>
  );
}
