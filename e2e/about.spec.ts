import { readFile } from 'node:fs/promises';
import { expect, test, waitForHydration } from './fixtures';
import { pdfText } from './pdf-text';

/** The about page's 14 areas of coverage, a list apart from the 11 browsing categories. */
const ABOUT_CATEGORIES = [
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
];

test.describe('about page', () => {
  test('shows the mission and vision cards and the 14 covered categories', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /);
    for (const name of ['Our Mission', 'Our Vision']) {
      const card = page.getByRole('region', { name });
      await expect(card).toBeVisible();
      expect((await card.textContent())!.length).toBeGreaterThan(name.length + 20);
    }
    const items = page.getByRole('region', { name: 'What We Cover' }).getByRole('listitem');
    await expect(items).toHaveText(ABOUT_CATEGORIES);
  });

  test('shows the static Platform Metrics', async ({ page }) => {
    await page.goto('/about');
    const metrics = page.getByRole('region', { name: 'Platform Metrics' });
    await expect(metrics).toBeVisible();
    const pairs = [
      ['25K+', /newsletter subscribers/i],
      ['500K+', /monthly page views/i],
      ['85%', /australian audience/i],
      ['3+', /years established/i],
    ] as const;
    for (const [value, label] of pairs) {
      const item = metrics.locator('dd', { hasText: new RegExp(`^${value.replace('+', '\\+')}$`) });
      await expect(item).toBeVisible();
      await expect(item.locator('xpath=..')).toContainText(label);
    }
  });

  test('shows the three Why Choose cards', async ({ page }) => {
    await page.goto('/about');
    const section = page.getByRole('region', { name: /^Why Choose/ });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Breaking News First', 'Expert Analysis', 'Business Focus']);
  });

  // The domain CTA opens the contact form with 'Domain Purchase' selected.
  test('Inquire About Purchase leads to the contact page set to Domain Purchase', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const link = page.getByRole('link', { name: 'Inquire About Purchase' });
    await expect(link).toHaveAttribute('href', '/contact?inquiry=domain');
    await link.click();
    await expect(page).toHaveURL(/\/contact\?inquiry=domain$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    await expect(page.getByRole('combobox', { name: 'Inquiry Type' })).toHaveValue('domain');
  });

  // The domain report is a PDF the server generates with the site's live figures (it was a text
  // file of the about page's static claims); the sale domain is the brand's on a loopback SITE_URL.
  test('Download Domain Report downloads the server-generated PDF', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Domain Report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('austechnews.com.au-domain-report.pdf');
    const { pages, text } = await pdfText(await readFile((await file.path())!));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('austechnews.com.au');
    expect(text).toMatch(/Articles published: \d/);
  });
});
