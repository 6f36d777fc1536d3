import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

const SITE = 'https://news.example.au';
const LIMIT = 5;
let t: TestApp;

beforeAll(async () => {
  const env = { NODE_ENV: 'test', SITE_URL: SITE, CONTACT_RATE_LIMIT: String(LIMIT), SALE_MIN_OFFER_AUD: '50000', SALE_PRICE_AUD: '250000' };
  const config = loadConfig(env);
  t = await createTestApp(env, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const stored = () => t.db.orm.em.fork().find(ContactMessage, {}, { orderBy: { id: 'asc' } });
/** The value attribute a server-rendered field carries. */
const fieldValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1];

const form = {
  name: 'Ada Lovelace',
  email: 'ada@example.com.au',
  subject: 'A story tip',
  message: 'Something is happening in Hobart.',
  inquiryType: 'editorial',
  website: '',
};

describe('the contact and offer forms without JavaScript', () => {
  it('renders both forms to post to their own page, never a GET that would put the fields in the URL', async () => {
    for (const path of ['/contact', '/domain']) {
      const page = await request(t.app).get(path).expect(200);
      const forms = page.text.match(/<form[^>]*>/g) ?? [];
      expect(forms.filter((tag) => tag.includes('method="post"') && tag.includes(`action="${path}"`))).toHaveLength(1);
      // Search stays a GET.
      expect(forms.filter((tag) => tag.includes('role="search"') && tag.includes('method="get"'))).toHaveLength(1);
    }
  });

  it('stores a posted message through the contact service, then 303 to a page with its reference: nothing personal in the URL, a reload posts nothing', async () => {
    const before = (await stored()).length;
    const posted = await request(t.app).post('/contact').type('form').send(form).expect(303);
    const messages = await stored();
    expect(messages).toHaveLength(before + 1);
    const last = messages[messages.length - 1];
    expect(last).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com.au', inquiryType: 'editorial' });
    const location = posted.headers.location as string;
    expect(location).toBe(`/contact?sent=INQ-${String(last.id).padStart(6, '0')}&type=editorial`);
    for (const personal of ['Ada', 'ada%40', 'tip', 'Hobart']) expect(location).not.toContain(personal);

    // The page it lands on, as often as it is reloaded: the reference, focused, never kept by caches.
    for (let reload = 0; reload < 2; reload++) {
      const res = await request(t.app).get(location).expect(200).expect('Content-Type', /html/);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      const reference = /data-testid="inquiry-reference"[^>]*>(INQ-\d{6})</.exec(res.text)?.[1];
      expect(reference).toBe(`INQ-${String(last.id).padStart(6, '0')}`);
      expect(text(res.text)).toContain("Message Sent! Thank you for contacting us. We'll get back to you soon.");
      expect(res.text).toMatch(/<div[^>]*autofocus=""[^>]*data-testid="inquiry-confirmation"|data-testid="inquiry-confirmation"[^>]*autofocus=""/);
      expect(fieldValue(res.text, 'name')).toBe('');
    }
    expect(await stored()).toHaveLength(before + 1);
  });

  it('shows no confirmation for a query that is not a reference', async () => {
    const res = await request(t.app).get('/contact?sent=%3Cscript%3E&type=general').expect(200);
    expect(res.text).not.toContain('data-testid="inquiry-confirmation"');
  });

  it('answers refused fields with the form again: the values as entered and each field message, nothing stored', async () => {
    const before = (await stored()).length;
    const res = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ ...form, email: 'not-an-address', subject: '', message: 'Kept <as> typed' })
      .expect(400);
    expect(await stored()).toHaveLength(before);
    const body = text(res.text);
    expect(body).toContain('Email must be a valid email address');
    expect(body).toContain('Subject is required');
    expect(fieldValue(res.text, 'name')).toBe('Ada Lovelace');
    expect(fieldValue(res.text, 'email')).toBe('not-an-address');
    expect(res.text).toContain('Kept &lt;as&gt; typed</textarea>');
    expect(res.text).not.toContain('data-testid="inquiry-confirmation"');
  });

  it('takes an offer on /domain with its amount as typed, and refuses one below the minimum with the amount kept', async () => {
    const offer = { name: 'Buyer', email: 'buyer@example.com.au', subject: 'Offer', message: 'We would like the domain.', timeframe: 'WITHIN_1_MONTH', company: 'Acme', abn: '' };
    const low = await request(t.app).post('/domain').type('form').send({ ...offer, amountAud: '1,000' }).expect(400);
    expect(text(low.text)).toContain('Offer amount must be at least the minimum offer of A$50,000');
    expect(fieldValue(low.text, 'amountAud')).toBe('1,000');

    const posted = await request(t.app).post('/domain').type('form').send({ ...offer, amountAud: 'A$250,000' }).expect(303);
    expect(posted.headers.location).toMatch(/^\/domain\?sent=INQ-\d{6}&type=domain(&asking=met)?$/);
    const ok = await request(t.app).get(posted.headers.location as string).expect(200);
    expect(ok.text).toMatch(/data-testid="inquiry-reference"[^>]*>INQ-\d{6}</);
    expect(text(ok.text)).toContain('Domain purchases get a reply the same day.');
    const last = (await stored()).at(-1)!;
    expect(last).toMatchObject({ inquiryType: 'domain', offerAmountAud: 250_000 });
  });

  it('opens the offer form from "Buy now" at the asking price, ready to proceed now; an offer at the price is confirmed as meeting it', async () => {
    const domain = await request(t.app).get('/domain').expect(200);
    expect(domain.text).toMatch(/<a[^>]*href="\/domain\?buy=now#offer"[^>]*>Buy now for (<!-- -->)?A\$250,000</);
    expect(fieldValue(domain.text, 'amountAud')).toBe('');

    const buyNow = await request(t.app).get('/domain?buy=now').expect(200);
    expect(fieldValue(buyNow.text, 'amountAud')).toBe('250,000');
    expect(buyNow.text).toMatch(/<option[^>]*value="IMMEDIATELY"[^>]*selected=""|<option selected=""[^>]*value="IMMEDIATELY"/);
    expect(text(buyNow.text)).toContain('Buy Now');

    const offer = { name: 'Buyer', email: 'buyer@example.com.au', subject: 'Offer', message: 'We will pay the price.', timeframe: 'IMMEDIATELY', company: '', abn: '' };
    const atPrice = await request(t.app).post('/domain').type('form').send({ ...offer, amountAud: '250,000' }).expect(303);
    expect(atPrice.headers.location).toMatch(/&asking=met$/);
    const confirmed = await request(t.app).get(atPrice.headers.location as string).expect(200);
    expect(text(confirmed.text)).toContain('Your offer meets the asking price.');

    const below = await request(t.app).post('/domain').type('form').send({ ...offer, amountAud: '249,999' }).expect(303);
    expect(below.headers.location).not.toContain('asking');
    expect(text((await request(t.app).get(below.headers.location as string)).text)).not.toContain('meets the asking price');
  });

  it('counts against the same inquiry limit as the API, and says so in the page when it is reached', async () => {
    // Fresh client addresses are not available here: the limit left is used up through the API first.
    let status = 201;
    for (let i = 0; i < LIMIT + 2 && status !== 429; i++) {
      status = (await request(t.app).post('/api/contact').send({ ...form, website: undefined })).status;
    }
    expect(status).toBe(429);
    const res = await request(t.app).post('/contact').type('form').send(form).expect(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(text(res.text)).toContain(`Too many messages from your network: at most ${LIMIT} an hour.`);
    expect(fieldValue(res.text, 'name')).toBe('Ada Lovelace');
  });

  it('refuses a body that is not a form, and a post to any other page', async () => {
    await request(t.app).post('/contact').send({ name: 'x' }).expect(415);
    await request(t.app).post('/about').type('form').send(form).expect(405);
  });
});
