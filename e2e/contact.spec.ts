import type { Page, Request } from '@playwright/test';
import { expect, operationName, test, waitForHydration, waitForIsland } from './fixtures';

const FILLED = {
  name: 'Ada Lovelace',
  email: 'ada@example.com.au',
  subject: 'Buying the domain',
  message: 'I would like to make an offer for the domain and its archive.',
};

const INQUIRY_OPTIONS = ['General Inquiry', 'Domain Purchase', 'Advertising Partnership', 'Editorial Submission', 'Technical Support'];

function fields(page: Page) {
  const form = page.locator('form', { has: page.getByRole('button', { name: /Send Message|Sending\.\.\./ }) });
  return {
    form,
    name: form.getByLabel('Name'),
    email: form.getByLabel('Email'),
    subject: form.getByLabel('Subject'),
    message: form.getByLabel('Message'),
    inquiryType: form.getByLabel('Inquiry Type'),
    submit: form.getByRole('button', { name: 'Send Message' }),
  };
}

async function fill(page: Page, inquiry = 'Domain Purchase') {
  const f = fields(page);
  await f.name.fill(FILLED.name);
  await f.email.fill(FILLED.email);
  await f.subject.fill(FILLED.subject);
  await f.message.fill(FILLED.message);
  await f.inquiryType.selectOption({ label: inquiry });
}

const isSubmit = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/graphql' && (r.postDataJSON() as { operationName?: string })?.operationName === 'ContactPageSubmit';

/** Records the most toasts ever on screen at once. */
async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __maxToasts: number };
    w.__maxToasts = 0;
    new MutationObserver(() => {
      w.__maxToasts = Math.max(w.__maxToasts, document.querySelectorAll('[data-testid="toast"]').length);
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __maxToasts: number }).__maxToasts);
}

test.describe('contact page', () => {
  test('shows Get In Touch, the intro and an empty labelled form with General Inquiry selected', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    const intro = page.getByRole('main').locator('h1 + p');
    await expect(intro).toContainText(/advertising/i);
    await expect(intro).toContainText(/domain/i);
    await expect(intro).toContainText(/tech/i);
    await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();

    const f = fields(page);
    for (const field of [f.name, f.email, f.subject, f.message]) {
      await expect(field).toBeVisible();
      await expect(field).toHaveValue('');
    }
    await expect(f.inquiryType).toHaveValue('general');
    await expect(f.inquiryType.locator('option:checked')).toHaveText('General Inquiry');
    await expect(f.inquiryType.locator('option')).toHaveText(INQUIRY_OPTIONS);
    await expect(f.submit).toBeEnabled();
  });

  test('name, email, subject and message are required and the email field is an email input', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    // The form is an island that loads on the reader's first interaction: wake it and wait for React, as waitForHydration once did.
    await waitForIsland(page, 'contact-form', { react: true });
    const f = fields(page);
    for (const field of [f.name, f.email, f.subject, f.message]) await expect(field).toHaveAttribute('required', '');
    await expect(f.email).toHaveAttribute('type', 'email');

    let sent = 0;
    page.on('request', (r) => void (isSubmit(r) && sent++));
    await f.submit.click();
    expect(await f.name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await fill(page);
    await f.email.fill('not-an-email');
    await f.submit.click();
    expect(await f.email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(sent).toBe(0);
  });

  test('a successful message shows Sending... while in flight, stores the inquiry, toasts and empties the form', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    // The form is an island that loads on the reader's first interaction: wake it and wait for React, as waitForHydration once did.
    await waitForIsland(page, 'contact-form', { react: true });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (operationName(route) !== 'ContactPageSubmit') return route.fallback();
      await gate;
      await route.fallback();
    });
    await fill(page, 'Domain Purchase');
    const f = fields(page);
    const requestPromise = page.waitForRequest(isSubmit);
    const responsePromise = page.waitForResponse((r) => isSubmit(r.request()));
    await f.submit.click();

    const sending = f.form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect(f.form.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    const sentBody = (await requestPromise).postDataJSON() as { variables: { input: Record<string, string> } };
    expect(sentBody.variables.input).toEqual({ ...FILLED, inquiryType: 'DOMAIN' });
    release();

    const response = await responsePromise;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { submitContactMessage: { reference: string } } };
    expect(body.data.submitContactMessage.reference).toMatch(/^INQ-\d{6}$/);

    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Message Sent!');
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon.");
    const box = (await toast.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(420);

    for (const field of [f.name, f.email, f.subject, f.message]) await expect(field).toHaveValue('');
    await expect(f.inquiryType).toHaveValue('general');
    await expect(f.submit).toBeEnabled();
  });

  test('a failed message shows the Error toast and keeps every entered value', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500 .*\/graphql\)$/);
    await page.goto('/contact');
    await waitForHydration(page);
    // The form is an island that loads on the reader's first interaction: wake it and wait for React, as waitForHydration once did.
    await waitForIsland(page, 'contact-form', { react: true });
    await page.route('**/graphql', (route) =>
      operationName(route) === 'ContactPageSubmit' ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.fallback(),
    );
    await fill(page, 'Advertising Partnership');
    const f = fields(page);
    await f.submit.click();

    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Failed to send message. Please try again.');
    await expect(toast).not.toContainText('Message Sent!');
    expect((await toast.boundingBox())!.width).toBeLessThanOrEqual(420);

    await expect(f.name).toHaveValue(FILLED.name);
    await expect(f.email).toHaveValue(FILLED.email);
    await expect(f.subject).toHaveValue(FILLED.subject);
    await expect(f.message).toHaveValue(FILLED.message);
    await expect(f.inquiryType).toHaveValue('advertising');
    await expect(f.submit).toBeEnabled();
  });

  test('at most one toast is shown at a time', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500 .*\/graphql\)$/);
    await page.goto('/contact');
    await waitForHydration(page);
    // The form is an island that loads on the reader's first interaction: wake it and wait for React, as waitForHydration once did.
    await waitForIsland(page, 'contact-form', { react: true });
    const maxToasts = await watchToasts(page);
    const f = fields(page);
    const toast = page.getByTestId('toast');

    await fill(page);
    await f.submit.click();
    await expect(toast).toContainText('Message Sent!');

    // The next answers fail; submitting twice quickly still leaves a single toast.
    let failed = 0;
    await page.route('**/graphql', (route) => {
      if (operationName(route) !== 'ContactPageSubmit') return route.fallback();
      failed += 1;
      return route.fulfill({ status: 500, body: 'Internal Server Error' });
    });
    await fill(page);
    await f.submit.click();
    await f.submit.click();
    await expect.poll(() => failed).toBe(2);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Failed to send message. Please try again.');
    await expect(toast).not.toContainText('Message Sent!');
    await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveCount(1);
    expect(await maxToasts()).toBe(1);
  });

  test('the side cards: domain for sale, contact information and response times', async ({ page }) => {
    await page.goto('/contact');
    const config = await page.evaluate(() => (window as unknown as { __SITE_CONFIG__: { contactEmail: string; contactPhone: string } }).__SITE_CONFIG__);

    const sale = page.getByRole('region', { name: 'Premium Domain For Sale' });
    // The form is on the left, the cards on the right.
    const formBox = (await page.getByRole('heading', { name: 'Send us a Message' }).boundingBox())!;
    const saleBox = (await sale.boundingBox())!;
    expect(formBox.x).toBeLessThan(saleBox.x);
    await expect(sale.getByRole('listitem')).toHaveText([
      /^established tech news site with content$/i,
      /^growing organic traffic and SEO rankings$/i,
      /^multiple revenue streams$/i,
      /^authoritative brand$/i,
    ]);
    await expect(sale).toContainText('Domain Purchase');

    const info = page.getByRole('region', { name: 'Contact Information' });
    await expect(info.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
    await expect(info.getByRole('link', { name: config.contactPhone })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(info.getByText('Australia', { exact: true })).toBeVisible();

    const times = page.getByRole('region', { name: 'Response Times' });
    const rows = times.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(4);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim())));
    expect(cells).toEqual([
      ['General Inquiries', '24-48 hours'],
      ['Domain Purchase', 'same day'],
      ['Advertising', '24 hours'],
      ['Technical Support', '1-2 hours'],
    ]);
  });
});
