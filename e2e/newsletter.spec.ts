import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_MAIL_DIR } from './e2e-settings';
import { apiArticles, expect, test } from './fixtures';

/** A message as a mail client reads it: headers unfolded, quoted-printable decoded. */
interface Mail {
  to: string;
  subject: string;
  header(name: string): string | undefined;
  text: string;
}

function readMail(raw: string): Mail {
  const readable = raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(readable)?.[1]?.trim();
  return { to: header('To') ?? '', subject: header('Subject') ?? '', header, text: readable };
}

/** Every message the site has sent to `address` so far. */
async function mailTo(address: string): Promise<Mail[]> {
  const files = (await readdir(E2E_MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => readMail(await readFile(path.join(E2E_MAIL_DIR, f), 'utf8'))));
  return mails.filter((m) => m.to.includes(address));
}

/** The owner's count of confirmed addresses. */
async function confirmedAddresses(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/admin/analytics?days=30', { headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { newsletter: { confirmed: { addresses: number } } }).newsletter.confirmed.addresses;
}

test('a reader subscribes on an article, confirms from the e-mail, and leaves with one click from its header', async ({ page, request }) => {
  const address = `reader-${randomUUID().slice(0, 8)}@example.com.au`;
  const before = await confirmedAddresses(request);
  const [article] = await apiArticles(request);
  await page.goto(`/articles/${article.id}`);

  const signup = page.getByRole('region', { name: 'Get the morning digest' });
  await signup.getByLabel('E-mail').fill(address);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter\?done=subscribed$/);
  await expect(page.getByRole('status')).toHaveText(/a confirmation e-mail is on its way/);
  // The answer names no address, so it never tells whether one is known.
  expect(page.url()).not.toContain('example.com.au');

  // The confirmation reaches the SMTP server through the outbox.
  await expect.poll(async () => (await mailTo(address)).length, { timeout: 20_000 }).toBe(1);
  const [confirmation] = await mailTo(address);
  expect(confirmation.subject).toBe('Confirm your AusTech News newsletter subscription');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\?token=[^\s"<>]+)/.exec(confirmation.text)?.[1];
  expect(link, 'the confirmation link').toBeTruthy();

  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Your first digest arrives at 7 am Sydney time.');
  expect(await confirmedAddresses(request)).toBe(before + 1);

  // A second subscription of the same address gets the same words, and no second e-mail before it is confirmed again.
  await page.goto(`/articles/${article.id}`);
  await signup.getByLabel('E-mail').fill(address);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(/a confirmation e-mail is on its way/);

  // RFC 8058: the mail client posts List-Unsubscribe=One-Click to the header's URL.
  expect(confirmation.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = /<(http[^>]+)>/.exec(confirmation.header('List-Unsubscribe') ?? '')?.[1];
  expect(unsubscribeUrl, 'the List-Unsubscribe URL').toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  const oneClick = await request.post(unsubscribeUrl!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  expect(await confirmedAddresses(request)).toBe(before);
});
