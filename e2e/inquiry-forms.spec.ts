import type { Page } from '@playwright/test';
import { expect, READER_WIDTHS, test, waitForHydration, waitForIsland } from './fixtures';

const FILLED = { name: 'Grace Hopper', email: 'grace@example.com.au', subject: 'A story tip', message: 'Something is happening in Hobart.' };

function form(page: Page) {
  const f = page.locator('form', { has: page.getByRole('button', { name: /Send Message|Sending\.\.\./ }) });
  return {
    form: f,
    name: f.getByLabel('Name'),
    email: f.getByLabel('Email'),
    subject: f.getByLabel('Subject'),
    message: f.getByLabel('Message'),
    submit: f.getByRole('button', { name: 'Send Message' }),
  };
}

async function fill(page: Page, values: Partial<typeof FILLED> = {}) {
  const f = form(page);
  const all = { ...FILLED, ...values };
  await f.name.fill(all.name);
  await f.email.fill(all.email);
  await f.subject.fill(all.subject);
  await f.message.fill(all.message);
}

/** The focused element's test id (the confirmation panel's when it took focus). */
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test.describe('contact and offer forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { name, tag, viewport } of READER_WIDTHS) {
    test.describe(`on a ${name}${tag}`, () => {
      test.use({ viewport });

      test('a message is posted, never put in the URL, and answered with its reference, focused', async ({ page }) => {
        await page.goto('/contact?inquiry=editorial');
        await fill(page);
        const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/contact');
        await form(page).submit.click();
        const request = await posted;
        expect(request.postData()).toContain('email=grace%40example.com.au');
        await expect(page.getByTestId('inquiry-confirmation')).toBeVisible();
        // Post/Redirect/Get: the page shows the reference and the inquiry type, nothing personal.
        const url = new URL(page.url());
        expect([...url.searchParams.keys()]).toEqual(['sent', 'type']);
        expect(page.url()).not.toContain('grace');
        await expect(page.getByTestId('inquiry-reference')).toHaveText(/^INQ-\d{6}$/);
        await expect(page.getByTestId('inquiry-confirmation')).toContainText('Message Sent!');
        await expect(page.getByTestId('inquiry-confirmation')).toContainText("Thank you for contacting us. We'll get back to you soon.");
        await expect.poll(() => focusedTestId(page)).toBe('inquiry-confirmation');
        // The form starts empty again; dismissing loads the page afresh.
        await expect(form(page).name).toHaveValue('');
        await page.getByTestId('inquiry-confirmation').getByRole('link', { name: 'Dismiss' }).click();
        await expect(page.getByTestId('inquiry-confirmation')).toHaveCount(0);
      });
    });
  }

  test('a refused message comes back with the values as entered and each field message', async ({ page, consoleGuard }) => {
    // The refusal is a 400 page, which the browser reports.
    consoleGuard.allow(/status of 400 .*\/contact\)$/);
    await page.goto('/contact');
    // Spaces pass the browser's required check; the server trims them and names the field.
    await fill(page, { subject: '   ' });
    await form(page).submit.click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(form(page).name).toHaveValue(FILLED.name);
    await expect(form(page).email).toHaveValue(FILLED.email);
    await expect(form(page).message).toHaveValue(FILLED.message);
    await expect(page.getByTestId('inquiry-confirmation')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
  });

  test('an offer on /domain is answered with its reference and the same-day promise, on a phone @phone', async ({ page }) => {
    await page.goto('/domain');
    await fill(page, { subject: 'Offer for the domain' });
    await form(page).form.getByLabel('Offer (AUD)').fill('A$250,000');
    await form(page).submit.click();
    await expect(page.getByTestId('inquiry-reference')).toHaveText(/^INQ-\d{6}$/);
    await expect(page.getByTestId('inquiry-confirmation')).toContainText('Domain purchases get a reply the same day.');
    await expect(page.getByTestId('inquiry-confirmation')).toBeInViewport();
    await expect.poll(() => focusedTestId(page)).toBe('inquiry-confirmation');
    expect(new URL(page.url()).searchParams.get('type')).toBe('domain');
  });
});

test.describe('contact form with JavaScript', () => {
  test('after a send the reference stays in a focused panel beside the toast until dismissed', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    await waitForIsland(page, 'contact-form', { react: true });
    await fill(page);
    await form(page).submit.click();
    await expect(page.getByTestId('toast')).toContainText('Message Sent!');
    const panel = page.getByTestId('inquiry-confirmation');
    await expect(panel.getByTestId('inquiry-reference')).toHaveText(/^INQ-\d{6}$/);
    await expect.poll(() => focusedTestId(page)).toBe('inquiry-confirmation');
    await expect(form(page).name).toHaveValue('');
    // Still there once the toast has gone.
    await page.getByTestId('toast').getByRole('button', { name: /close/i }).click();
    await expect(page.getByTestId('toast')).toBeHidden();
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'Dismiss' }).click();
    await expect(panel).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/contact');
  });

  test('with the island\'s code blocked the server answers the form; once the code loads it keeps the panel and the reader\'s focus', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to fetch dynamically imported module|net::ERR_FAILED .*contact-form\.island/);
    // The island's chunk blocked on the form's page only: the browser posts the form itself. On the
    // answer's page it loads whenever its island asks (a failed module load is not retried in the same page).
    // The page that asks is the request's referrer: the frame's address may already be the next page's
    // while a request of the page before is handled.
    await page.route('**/assets/contact-form.island-*.js', (route) => {
      const from = route.request().headers().referer ?? route.request().frame().url();
      return new URL(from).searchParams.has('sent') ? route.continue() : route.abort();
    });
    await page.goto('/contact');
    await fill(page);
    await form(page).submit.click();
    await expect(page.getByTestId('inquiry-reference')).toHaveText(/^INQ-\d{6}$/);
    await expect.poll(() => focusedTestId(page)).toBe('inquiry-confirmation');
    // Post/Redirect/Get: the reference and type only, nothing the reader typed.
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['sent', 'type']);
    // Its code arrives by the reader's next interaction at the latest: the panel stays and focus stays where the reader put it.
    await form(page).name.click();
    await waitForIsland(page, 'contact-form', { react: true });
    await expect(form(page).name).toBeFocused();
    await expect(page.getByTestId('inquiry-confirmation')).toBeVisible();
    await page.getByTestId('inquiry-confirmation').getByRole('link', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('inquiry-confirmation')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/contact');
  });
});
