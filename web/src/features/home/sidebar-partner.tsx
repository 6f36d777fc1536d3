import { useId } from 'react';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PartnerCard, type PartnerCardPartner } from '../../components/partner-card';
import { Island } from '../../islands/island';

/**
 * One randomly chosen sidebar partner. The server shows the first partner and sends the others
 * hidden; the island picks one at random, shows it and removes the rest.
 */
export function SidebarPartner({ partners }: { partners: readonly PartnerCardPartner[] }) {
  const headingId = useId();
  if (partners.length === 0) return null;
  return (
    <Island name="sidebar-partner" when="load">
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 1.5 }}>
          Partner Offer
        </Typography>
        {partners.map((partner, index) => (
          <div key={partner.name} data-partner="" hidden={index > 0}>
            <PartnerCard partner={partner} headingLevel="h3" />
          </div>
        ))}
      </Box>
    </Island>
  );
}
