import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testSiteConfig } from '../../test/render-page';
import { AboutPage } from './about-page';

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
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

  it('lists the 14 coverage areas in order, without links', () => {
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
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
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

  it('links to /contact from the premium domain card', () => {
    renderPage(<AboutPage />, { path: '/about' });
    const card = screen.getByRole('region', { name: 'Premium Domain Available' });
    expect(within(card).getByRole('link', { name: 'Inquire About Purchase' }).getAttribute('href')).toBe('/contact');
    expect(card.textContent).toMatch(/technews\.example\.au is for sale/);
  });

  it('downloads a plain-text domain report built in the browser', async () => {
    const user = userEvent.setup();
    let created: Blob | undefined;
    // jsdom has no object URLs; capture the blob instead.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created = blob;
      return 'blob:report';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });

    renderPage(<AboutPage />, { path: '/about' });
    await user.click(screen.getByRole('button', { name: 'Download Domain Report' }));

    expect(clicked).toEqual([{ href: 'blob:report', download: 'technews.example.au-domain-report.txt' }]);
    expect(created?.type).toBe('text/plain;charset=utf-8');
    const text = await created!.text();
    expect(text).toContain(`${testSiteConfig.siteName} - Domain Report`);
    expect(text).toContain('Domain: technews.example.au');
    for (const line of ['- Newsletter Subscribers: 25K+', '- Monthly Page Views: 500K+', '- Australian Audience: 85%', '- Years Established: 3+']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('- Longevity & Biotech');
    expect(text.match(/^- /gm)).toHaveLength(4 + 14);
    expect(text).toContain(`Email: ${testSiteConfig.contactEmail}`);
    // The temporary link is removed and the URL released.
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:report'));
  });

  it('describes itself to search engines as an AboutPage', () => {
    renderPage(<AboutPage />, { path: '/about' });
    expect(document.title).toBe(`About | ${testSiteConfig.siteName}`);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://technews.example.au/about');
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'AboutPage',
      url: 'https://technews.example.au/about',
      about: { '@type': 'NewsMediaOrganization', name: testSiteConfig.siteName, url: 'https://technews.example.au/' },
    });
  });
});
