import { createRequire } from 'node:module';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage, OutboxMessage } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (createTestDatabase).
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const ATO_ABN = '51 824 753 556';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_TOKEN,
    CONTACT_RATE_LIMIT: '1000',
    SALE_DOMAIN: 'austechnews.com.au',
    SALE_PRICE_AUD: '250000',
    SALE_MIN_OFFER_AUD: '50000',
  });
});
afterAll(() => t.close());

const offerBody = (offer: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'Dana Buyer',
  email: 'dana@example.com.au',
  subject: 'Offer for austechnews.com.au',
  message: 'We would like to acquire the domain and the site.',
  inquiryType: 'domain',
  offer,
  ...extra,
});

const SUBMIT = 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { reference } }';

describe('domain offers', () => {
  let restReference = '';

  it('stores an offer sent over REST with its structured fields, priority and a flagged notification', async () => {
    const res = await request(t.app)
      .post('/api/contact')
      .send(offerBody({ amountAud: 120_000, company: 'Acme Media Pty Ltd', abn: ATO_ABN, timeframe: 'within_1_month' }))
      .expect(201);
    restReference = res.body.reference;
    expect(restReference).toMatch(/^INQ-\d{6}$/);
    const em = t.db.orm.em.fork();
    const stored = await em.findOneOrFail(ContactMessage, { id: res.body.id });
    expect(stored).toMatchObject({
      inquiryType: 'domain',
      priority: true,
      offerAmountAud: 120_000,
      offerCompany: 'Acme Media Pty Ltd',
      offerAbn: '51824753556',
      offerTimeframe: 'within_1_month',
    });
    const outbox = await em.find(OutboxMessage, { kind: 'inquiry-notification' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(outbox[0].priority).toBe(true);
    expect(outbox[0].payload.subject).toContain('[OFFER A$120,000]');
    expect(outbox[0].payload.subject).not.toContain('MEETS ASKING PRICE');
    expect(outbox[0].payload.text).toContain('Offer: A$120,000 from Acme Media Pty Ltd (ABN 51 824 753 556), within 1 month');
  });

  it('marks an offer at or above SALE_PRICE_AUD as meeting the asking price: the receipt, the owner\'s list and both e-mails', async () => {
    const res = await request(t.app).post('/api/contact').send(offerBody({ amountAud: 250_000, timeframe: 'within_1_month' })).expect(201);
    expect(res.body.meetsAskingPrice).toBe(true);
    const em = t.db.orm.em.fork();
    const [notification] = await em.find(OutboxMessage, { kind: 'inquiry-notification' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(notification.payload.subject).toContain('[OFFER A$250,000, MEETS ASKING PRICE]');
    expect(notification.payload.text).toContain('(meets the asking price)');
    const [acknowledgement] = await em.find(OutboxMessage, { kind: 'inquiry-acknowledgement' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(acknowledgement.payload).toMatchObject({ to: 'dana@example.com.au' });
    expect(acknowledgement.payload.text).toContain('Your offer meets the asking price.');
    const list = await request(t.app).get('/api/admin/inquiries?type=domain').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    const listed = (list.body.inquiries as { reference: string; meetsAskingPrice: boolean }[]).find((i) => i.reference === res.body.reference);
    expect(listed?.meetsAskingPrice).toBe(true);
    expect((list.body.inquiries as { offer: { amountAud: number } | null; meetsAskingPrice: boolean }[]).filter((i) => i.offer && i.offer.amountAud < 250_000).every((i) => !i.meetsAskingPrice)).toBe(true);
  });

  it('stores an offer sent over GraphQL the same way', async () => {
    const res = await request(t.app)
      .post('/graphql')
      .send({ query: SUBMIT, variables: { i: { ...offerBody({ amountAud: 75_000, timeframe: 'EXPLORING' }), inquiryType: 'DOMAIN' } } })
      .expect(200);
    expect(res.body.errors).toBeUndefined();
    const reference: string = res.body.data.submitContactMessage.reference;
    const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: Number(reference.slice(4)) });
    expect(stored).toMatchObject({ offerAmountAud: 75_000, offerCompany: null, offerAbn: null, offerTimeframe: 'exploring' });
  });

  it('refuses an offer below SALE_MIN_OFFER_AUD, and a bad ABN, naming the field, over both APIs', async () => {
    const low = await request(t.app).post('/api/contact').send(offerBody({ amountAud: 49_999, timeframe: 'exploring' })).expect(400);
    expect(JSON.stringify(low.body)).toContain('Offer amount must be at least the minimum offer of A$50,000');
    const abn = await request(t.app).post('/api/contact').send(offerBody({ amountAud: 60_000, abn: '51 824 753 557', timeframe: 'exploring' })).expect(400);
    expect(JSON.stringify(abn.body)).toContain('offer.abn');
    const gql = await request(t.app)
      .post('/graphql')
      .send({ query: SUBMIT, variables: { i: { ...offerBody({ amountAud: 10, timeframe: 'EXPLORING' }), inquiryType: 'DOMAIN' } } });
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(gql.body.errors[0].extensions.fields)).toContain('minimum offer');
  });

  it('refuses hostile input: huge numbers, strings, non-digit ABNs, markup in the company; stores nothing', async () => {
    const before = await t.db.orm.em.fork().count(ContactMessage, {});
    const hostile: Record<string, unknown>[] = [
      { amountAud: 1e308, timeframe: 'exploring' },
      { amountAud: '99999999999999999999', timeframe: 'exploring' },
      { amountAud: 60_000.5, timeframe: 'exploring' },
      { amountAud: -60_000, timeframe: 'exploring' },
      { amountAud: 60_000, abn: '51-824-753-556', timeframe: 'exploring' },
      { amountAud: 60_000, abn: 'DROP TABLE', timeframe: 'exploring' },
      { amountAud: 60_000, company: '<script>alert(1)</script>', timeframe: 'exploring' },
      { amountAud: 60_000, timeframe: 'exploring', __proto__: { admin: true }, constructor: 'x' },
    ];
    for (const offer of hostile) {
      await request(t.app).post('/api/contact').send(offerBody(offer)).expect(400);
    }
    // GraphQL's Int stops a number beyond 32 bits before the service sees it.
    const big = await request(t.app)
      .post('/graphql')
      .send({ query: SUBMIT, variables: { i: { ...offerBody({ amountAud: 1e15, timeframe: 'EXPLORING' }), inquiryType: 'DOMAIN' } } });
    expect(big.body.errors?.length).toBeGreaterThan(0);
    expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(before);
  });

  it("shows the owner each offer's fields in GET /api/admin/inquiries", async () => {
    const res = await request(t.app).get('/api/admin/inquiries?type=domain').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    const offer = res.body.inquiries.find((i: { reference: string }) => i.reference === restReference);
    expect(offer).toMatchObject({
      priority: true,
      offer: { amountAud: 120_000, company: 'Acme Media Pty Ltd', abn: '51824753556', timeframe: 'within_1_month' },
    });
  });

  it('shows the offer in the GraphQL inquiries query too', async () => {
    const res = await request(t.app)
      .post('/graphql')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ query: '{ inquiries(first: 50, type: DOMAIN) { nodes { reference offer { amountAud company abn timeframe } } } }' })
      .expect(200);
    const node = res.body.data.inquiries.nodes.find((n: { reference: string }) => n.reference === restReference);
    expect(node.offer).toEqual({ amountAud: 120_000, company: 'Acme Media Pty Ltd', abn: '51824753556', timeframe: 'WITHIN_1_MONTH' });
  });

  it('keeps an inquiry without an offer working, with offer null for the owner', async () => {
    const res = await request(t.app).post('/api/contact').send({ ...offerBody({}), offer: undefined, inquiryType: 'general' }).expect(201);
    const list = await request(t.app).get('/api/admin/inquiries?type=general').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(list.body.inquiries.find((i: { reference: string }) => i.reference === res.body.reference).offer).toBeNull();
  });
});

describe('GET /domain/report.pdf', () => {
  it('is a PDF generated by the server with the domain, terms, live figures, process and contact details', async () => {
    const res = await request(t.app)
      .get('/domain/report.pdf')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toContain('austechnews.com.au-domain-report.pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
    const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false }).promise;
    expect(doc.numPages).toBeGreaterThanOrEqual(1);
    expect(doc.numPages).toBeLessThanOrEqual(3);
    let text = '';
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
    const normalised = text.replace(/\s+/g, ' ');
    expect(normalised).toContain('austechnews.com.au');
    expect(normalised).toContain('Buy now for A$250,000, or offers from A$50,000');
    // A live figure: the count the site itself reports.
    const total: number = (await request(t.app).post('/graphql').send({ query: '{ articles(first: 1) { totalCount } }' })).body.data.articles.totalCount;
    expect(total).toBeGreaterThan(0);
    expect(normalised).toContain(`Articles published: ${total.toLocaleString('en-AU')}`);
    expect(normalised).toMatch(/Escrow/);
    expect(normalised).toContain('.au eligibility');
    expect(normalised).toContain('editor@austechnews.com.au');
    expect(normalised).toMatch(/Generated \d{1,2} \w+ \d{4}/);
    await doc.destroy();
  });
});
