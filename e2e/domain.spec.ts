import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { E2E_SALE_PRICE_AUD } from './e2e-settings';
import { expect, READER_WIDTHS, test, waitForHydration, waitForIsland } from './fixtures';
import { pdfText } from './pdf-text';

// Selling the domain: the buyer's page, offers and the report. The e2e server runs on a loopback SITE_URL with a
// Buy-Now price (SALE_PRICE_AUD) and no minimum offer: the domain for sale is the brand's.
const DOMAIN = 'austechnews.com.au';
const PRICE = `A$${E2E_SALE_PRICE_AUD.toLocaleString('en-AU')}`;
const TERMS = `Buy now for ${PRICE}`;

test.describe("the buyer's journey", () => {
  test('home -> /domain in one click: price, process, escrow, eligibility, live figures; an offer is sent and its reference shown', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const pitch = page.locator('section', { has: page.getByRole('heading', { name: `Why ${DOMAIN}?` }) });
    await pitch.getByRole('link', { name: 'Price, process and offer' }).click(); // click 1
    await expect(page).toHaveURL(/\/domain$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${DOMAIN} is for sale`);
    await expect(page.getByTestId('sale-terms')).toHaveText(TERMS);
    await expect(page.getByText(/exclusive of GST/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'How the purchase works' })).toContainText('independent escrow');
    await expect(page.getByRole('region', { name: '.au eligibility' })).toContainText('ABN');
    expect(Number((await page.getByTestId('figure-articles').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);

    // The offer form is on the page: no further click to reach it.
    const form = page.locator('form', { has: page.getByRole('button', { name: /Send Message|Sending\.\.\./ }) });
    await expect(page.getByRole('heading', { level: 2, name: 'Make an Offer' })).toBeVisible();
    await waitForIsland(page, 'contact-form', { react: true });
    await expect(form.getByLabel('Inquiry Type')).toHaveValue('domain');
    await form.getByLabel('Name').fill('Dana Buyer');
    await form.getByLabel('Email').fill('dana@example.com.au');
    await form.getByLabel('Offer (AUD)').fill('A$150,000');
    await form.getByLabel('Company (optional)').fill('Acme Media Pty Ltd');
    await form.getByLabel('ABN (optional)').fill('51 824 753 556');
    await form.getByLabel('Message').fill('We would like to acquire the domain with its archive.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Message Sent!');
    await expect(toast.getByTestId('toast-detail')).toHaveText(/^Your reference: INQ-\d{6}\. Domain purchases get a reply the same day\.$/);
  });

  test("home -> 'Request Domain Details' opens the contact form set to Domain Purchase (one click)", async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Request Domain Details' }).click();
    await expect(page).toHaveURL(/\/contact\?inquiry=domain$/);
    await expect(page.getByLabel('Inquiry Type')).toHaveValue('domain');
    await expect(page.getByLabel('Offer (AUD, optional)')).toBeVisible();
  });

  test('the contact card links the buyer\'s page', async ({ page }) => {
    await page.goto('/contact');
    const card = page.getByRole('region', { name: 'Premium Domain For Sale' });
    await expect(card).toContainText(`${DOMAIN}: ${TERMS}`);
    await card.getByRole('link', { name: 'Price, process and offer form' }).click();
    await expect(page).toHaveURL(/\/domain$/);
  });

  test('Download Domain Report on /domain downloads a PDF with the domain and live figures', async ({ page, request }) => {
    await page.goto('/domain');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Domain Report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${DOMAIN}-domain-report.pdf`);
    const { pages, text } = await pdfText(await readFile((await file.path())!));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`${DOMAIN} is for sale: ${TERMS}`);
    const total = ((await (await request.post('/graphql', { data: { query: '{ articles(first: 1) { totalCount } }' } })).json()) as { data: { articles: { totalCount: number } } }).data.articles.totalCount;
    expect(text).toContain(`Articles published: ${total.toLocaleString('en-AU')}`);

    const response = await request.get('/domain/report.pdf');
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  });
});

/** The offer form, then the reader's details (the subject comes filled in). */
async function sendOffer(page: Page) {
  const form = page.locator('form', { has: page.getByRole('button', { name: /Send Message|Sending\.\.\./ }) });
  await form.getByLabel('Name').fill('Dana Buyer');
  await form.getByLabel('Email').fill('dana@example.com.au');
  await form.getByLabel('Message').fill('We will buy the domain at the asking price.');
  await form.getByRole('button', { name: 'Send Message' }).click();
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`Buy now on a ${name}${javaScriptEnabled ? '' : ' without JavaScript'}${tag}`, () => {
      test.use({ viewport, javaScriptEnabled });

      test('opens the offer form at the asking price, ready to proceed now; the offer is confirmed with its reference as meeting the price', async ({ page }) => {
        await page.goto('/domain');
        if (javaScriptEnabled) await waitForHydration(page);
        await page.getByRole('link', { name: `Buy now for ${PRICE}` }).click();
        await expect(page).toHaveURL(/\/domain\?buy=now#offer$/);
        await expect(page.getByRole('heading', { level: 2, name: 'Buy Now' })).toBeInViewport();
        if (javaScriptEnabled) await waitForIsland(page, 'contact-form', { react: true });
        const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
        await expect(form.getByLabel('Offer (AUD)')).toHaveValue(E2E_SALE_PRICE_AUD.toLocaleString('en-AU'));
        await expect(form.getByLabel('Timeframe')).toHaveValue('IMMEDIATELY');
        await expect(form.getByLabel('Timeframe').locator('option:checked')).toHaveText('Ready to proceed now');
        await expect(form.getByLabel('Inquiry Type')).toHaveValue('domain');

        await sendOffer(page);
        const panel = page.getByTestId('inquiry-confirmation');
        await expect(panel.getByTestId('inquiry-reference')).toHaveText(/^INQ-\d{6}$/);
        await expect(panel.getByTestId('meets-asking-price')).toHaveText('Your offer meets the asking price.');
        await expect(panel).toContainText('Domain purchases get a reply the same day.');
        await expect(panel).toBeInViewport();
        await expect(panel).toBeFocused();
      });
    });
  }
}
