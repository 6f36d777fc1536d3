import { useEffect, useId, useState } from 'react';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PartnerCard, type PartnerCardPartner } from '../../components/partner-card';

/**
 * One randomly chosen sidebar partner. The server and the first client render show the first
 * partner (clean hydration); the random pick happens after mount.
 */
export function SidebarPartner({ partners, random = Math.random }: { partners: readonly PartnerCardPartner[]; random?: () => number }) {
  const headingId = useId();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (partners.length > 1) setIndex(Math.min(partners.length - 1, Math.floor(random() * partners.length)));
  }, [partners, random]);
  const partner = partners[index] ?? partners[0];
  if (!partner) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 1.5 }}>
        Partner Offer
      </Typography>
      <PartnerCard partner={partner} headingLevel="h3" />
    </Box>
  );
}
