import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_DIGEST_CLOCK_FILE, E2E_MAIL_DIR } from './e2e-settings';
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

/** The first 07:05 in Sydney after `now`: the next morning's digest is due then. */
function nextSydneyMorning(now: Date): Date {
  const sydneyHour = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: '2-digit', hourCycle: 'h23' });
  // Sydney is a whole number of hours from UTC, so its 07:00 falls on a UTC hour.
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  for (let h = 1; h <= 48; h++) {
    const candidate = new Date(hour.getTime() + h * 3_600_000);
    if (sydneyHour.format(candidate) === '07') return new Date(candidate.getTime() + 5 * 60_000);
  }
  throw new Error('no Sydney morning within two days');
}

test.afterEach(async () => {
  // The digests go back to real time.
  await writeFile(E2E_DIGEST_CLOCK_FILE, '');
});

test('a reader subscribes on an article, confirms from the e-mail, gets the next morning\'s digest with the story published since, and leaves with one click from its header', async ({ page, request }) => {
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

  // An editor publishes a story; the next morning comes (the digests' clock), and its digest brings it.
  const title = `Sydney start-up opens a quantum lab in Eveleigh ${randomUUID().slice(0, 6)}`;
  const published = await request.post('/api/admin/articles', {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    data: { title, excerpt: 'A new lab for quantum hardware opens in the old railway workshops.', content: 'The lab opens next month. It will hire forty engineers.', category: 'quantum-computing', author: 'Newsletter Desk', sourceUrl: 'https://example.com/quantum-lab' },
  });
  expect(published.status()).toBe(201);
  const { id: storyId } = (await published.json()) as { id: number };
  await writeFile(E2E_DIGEST_CLOCK_FILE, nextSydneyMorning(new Date()).toISOString());
  const digestOf = async () => (await mailTo(address)).find((m) => m.subject === "AusTech News: today's stories");
  await expect.poll(digestOf, { timeout: 25_000 }).toBeTruthy();
  const digest = (await digestOf())!;
  expect(digest.text).toContain(title);
  expect(digest.text).toContain(`/articles/${storyId}?utm_source=newsletter&utm_medium=email`);
  // It names the site and how to reach it (Spam Act 2003).
  expect(digest.text).toContain('AusTech News');

  // RFC 8058: the mail client posts List-Unsubscribe=One-Click to the digest's header URL.
  expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = /<(http[^>]+)>/.exec(digest.header('List-Unsubscribe') ?? '')?.[1];
  expect(unsubscribeUrl, 'the List-Unsubscribe URL').toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  const oneClick = await request.post(unsubscribeUrl!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  expect(await confirmedAddresses(request)).toBe(before);
});
