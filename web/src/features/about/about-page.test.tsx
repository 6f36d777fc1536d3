import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, testSiteConfig } from '../../test/render-page';
import { AboutPage } from './about-page';

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('AboutPage', () => {
  it('shows one h1, the mission and vision cards', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([`About ${testSiteConfig.siteName}`]);
    expect(screen.getByRole('region', { name: 'Our Mission' }).textContent).toMatch(/Australians/);
    expect(screen.getByRole('region', { name: 'Our Vision' }).textContent).toMatch(/organisations/);
  });

  it('offers the site\'s own fediverse account, @news at SITE_URL\'s host', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const follow = screen.getByRole('region', { name: 'Follow on the fediverse' });
    expect(follow.querySelector('[data-fediverse-handle]')?.textContent).toBe('@news@technews.example.au');
    expect(within(follow).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('lists the 14 coverage areas in order, linking those that are browsing categories', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const section = screen.getByRole('region', { name: 'What We Cover' });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Artificial Intelligence',
      'IoT & Connected Devices',
      'Space Economy',
      'Energy & Sustainability',
      '5G & Connectivity',
      'Brain-Computer Interface',
      'Robotics & Automation',
      '3D Printing & Manufacturing',
      'EdTech & Learning',
      'Synthetic Biology',
      'AR/VR & Metaverse',
      'Crypto & Blockchain',
      'Autonomous Transportation',
      'Longevity & Biotech',
    ]);
    // The issue 'Every control does something': areas that are browsing categories link to them.
    expect(within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Artificial Intelligence', '/categories/artificial-intelligence'],
      ['IoT & Connected Devices', '/categories/iot-connected-devices'],
      ['Space Economy', '/categories/space-economy'],
      ['Brain-Computer Interface', '/categories/brain-computer-interfaces-bcis'],
      ['EdTech & Learning', '/categories/edtech'],
      ['AR/VR & Metaverse', '/categories/ar-vr-metaverse'],
      ['Crypto & Blockchain', '/categories/blockchain-crypto'],
      ['Autonomous Transportation', '/categories/autonomous-vehicles'],
    ]);
  });

  it('shows the four static platform metrics', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const section = screen.getByRole('region', { name: 'Platform Metrics' });
    const pairs = [...section.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Newsletter Subscribers', '25K+'],
      ['Monthly Page Views', '500K+'],
      ['Australian Audience', '85%'],
      ['Years Established', '3+'],
    ]);
  });

  it('shows the three Why Choose cards', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const section = screen.getByRole('region', { name: `Why Choose ${testSiteConfig.siteName}` });
    const cards = within(section).getAllByRole('heading', { level: 3 });
    expect(cards.map((h) => h.textContent)).toEqual(['Breaking News First', 'Expert Analysis', 'Business Focus']);
    for (const heading of cards) expect(heading.nextElementSibling?.textContent?.length).toBeGreaterThan(20);
  });

  // 'Inquire About Purchase' preselects 'Domain Purchase', and the card links the buyer's page.
  it('links to the contact form set to Domain Purchase and to /domain from the premium domain card', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const card = screen.getByRole('region', { name: 'Premium Domain Available' });
    expect(within(card).getByRole('link', { name: 'Inquire About Purchase' }).getAttribute('href')).toBe('/contact?inquiry=domain');
    expect(within(card).getByRole('link', { name: 'Price, process and offer' }).getAttribute('href')).toBe('/domain');
    expect(card.textContent).toMatch(/technews\.example\.au is for sale/);
    expect(card.textContent).toContain('Make an offer');
  });

  // The plain-text report built in the browser with a PDF the server generates
  // (GET /domain/report.pdf, tested in gateway/src/domain/domain-sale.test.ts): the button is a download link.
  it('links Download Domain Report to the server-generated PDF', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const link = screen.getByRole('link', { name: 'Download Domain Report' });
    expect(link.getAttribute('href')).toBe('/domain/report.pdf');
    expect(link.getAttribute('download')).toBe('technews.example.au-domain-report.pdf');
  });

  it('describes itself to search engines as an AboutPage', () => {
    renderPage(<AboutPage />, { path: '/about' });
    expect(document.title).toBe(`About | ${testSiteConfig.siteName}`);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://technews.example.au/about');
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'AboutPage',
      url: 'https://technews.example.au/about',
      about: {
        '@type': 'NewsMediaOrganization',
        name: testSiteConfig.siteName,
        url: 'https://technews.example.au/',
        publishingPrinciples: 'https://technews.example.au/editorial-standards',
        correctionsPolicy: 'https://technews.example.au/corrections-policy',
        ownershipFundingInfo: 'https://technews.example.au/ownership',
        masthead: 'https://technews.example.au/masthead',
      },
    });
  });

  it('links to every standards page', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const section = screen.getByRole('region', { name: 'How We Work' });
    for (const path of ['/editorial-standards', '/corrections-policy', '/corrections', '/ai-policy', '/ownership', '/masthead', '/authors']) {
      expect(section.querySelector(`a[href="${path}"]`), path).not.toBeNull();
    }
  });
});
