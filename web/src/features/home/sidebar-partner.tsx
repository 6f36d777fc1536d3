import { useId } from 'react';
import styled from '@emotion/styled';
import { PartnerCard, type PartnerCardPartner } from '../../components/partner-card';
import { Island } from '../../islands/island';
import { madeOnce } from '../../theme/made-once';

const Heading = styled('h2')(madeOnce({ m: 0, mb: 1.5, typography: 'h4' }));

/**
 * One randomly chosen sidebar partner. The server shows the first partner and sends the others
 * hidden; the island picks one at random, shows it and removes the rest.
 */
export function SidebarPartner({ partners }: { partners: readonly PartnerCardPartner[] }) {
  const headingId = useId();
  if (partners.length === 0) return null;
  return (
    <Island name="sidebar-partner" when="load">
      <section aria-labelledby={headingId}>
        <Heading id={headingId}>Partner Offer</Heading>
        {partners.map((partner, index) => (
          <div key={partner.name} data-partner="" hidden={index > 0}>
            <PartnerCard partner={partner} headingLevel="h3" />
          </div>
        ))}
      </section>
    </Island>
  );
}
