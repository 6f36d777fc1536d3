import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerCard } from './partner-card';

const partner = {
  name: 'SummitStack Hosting',
  description: 'Premium managed cloud hosting from Australian data centres.',
  offer: '40% off your first year',
  cta: 'Claim Offer',
  affiliateUrl: 'https://www.summitstack.com.au/premium-hosting',
  icon: 'Dns',
  badge: 'Premium',
};

describe('PartnerCard', () => {
  it('shows the partner, marks it sponsored and links out with a sponsored rel in a new tab', () => {
    render(<PartnerCard partner={partner} />);
    expect(screen.getByRole('heading', { level: 3, name: 'SummitStack Hosting' })).toBeTruthy();
    expect(screen.getByText('Sponsored')).toBeTruthy();
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.getByText(partner.description)).toBeTruthy();
    expect(screen.getByText('40% off your first year')).toBeTruthy();

    const link = screen.getByRole('link', { name: /^Claim Offer/ });
    expect(link.textContent).toBe('Claim Offer');
    expect(link.getAttribute('href')).toBe(partner.affiliateUrl);
    expect(link.getAttribute('rel')).toBe('sponsored noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    // Names the partner so the link makes sense out of context.
    expect(link.getAttribute('aria-label')).toContain('SummitStack Hosting');
  });

  it('omits the badge when there is none and honours the heading level', () => {
    render(<PartnerCard partner={{ ...partner, badge: null }} headingLevel="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'SummitStack Hosting' })).toBeTruthy();
    expect(screen.queryByText('Premium')).toBeNull();
  });
});
