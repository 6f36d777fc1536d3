/**
 * Table-driven fuzz of bad inputs on REST and GraphQL. Every refusal must be a 4xx with a JSON
 * body naming the problem and nothing internal (stack frames, source paths, SQL, ORM names).
 */
import request from 'supertest';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { rawRequest, listen } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const LIMITS = { CONTACT_RATE_LIMIT: '100000', API_RATE_LIMIT: '100000' };
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

let t: TestApp;
/** NODE_ENV=production: no stack traces, no field suggestions, no admin token configured. */
let prod: TestApp;
let articleId: string;

beforeAll(async () => {
  [t, prod] = await Promise.all([
    createTestApp({ ...LIMITS, ADMIN_TOKEN }),
    createTestApp({ ...LIMITS, NODE_ENV: 'production' }),
  ]);
  const res = await request(t.app).get('/api/articles?limit=1').expect(200);
  articleId = String(res.body[0].id);
});
afterAll(async () => {
  await Promise.all([t?.close(), prod?.close()]);
});

/* ------------------------------------------------------------------------------------------------
 * Shared assertions
 * ---------------------------------------------------------------------------------------------- */

/** Things that must never reach a client. ('at ' alone is too broad: "must be at most 100 characters".) */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at\s|\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\(|\bat\s+(?:file|node):/],
  ['a source location', /\.[cm]?[jt]sx?:\d+/],
  ['node_modules', /node_modules/i],
  ['a stack', /stack/i],
  ['MikroORM', /mikro-?orm/i],
  ['SQL', /\bSELECT\b|\bselect\s|\binsert\s+into\b|\bdelete\s+from\b|\bfrom\s+"|\bwhere\s+"/],
  ['a database error', /pglite|postgres|sqlstate|\brelation\s+"|violates|at or near|invalid byte sequence|out of range for type/i],
  ['a JavaScript error name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError)\b/],
  ['a decoder message', /incorrect header check|unexpected end of file|Decompression failed|invalid (?:block type|distance|stored block)|\bZ_[A-Z_]+\b/i],
];

function expectNoLeaks(text: string) {
  for (const [what, pattern] of LEAKS) {
    expect(pattern.test(text), `the body contains ${what}: ${text.slice(0, 500)}`).toBe(false);
  }
}

/** A 4xx with a JSON body that names the problem and leaks nothing. */
function expectClientError(res: Response, status?: number) {
  expect(res.status, `status for body ${res.text?.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `status for body ${res.text?.slice(0, 300)}`).toBeLessThan(500);
  if (status) expect(res.status, res.text?.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/(graphql-response\+)?json/);
  expectNoLeaks(res.text);
}

function expectRestProblem(res: Response, status: number, message: RegExp) {
  expectClientError(res, status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message).toMatch(message);
  if (res.body.errors !== undefined) {
    expect(Array.isArray(res.body.errors)).toBe(true);
    for (const e of res.body.errors) {
      expect(typeof e.field).toBe('string');
      expect(typeof e.message).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
  }
}

const json = (value: unknown) => JSON.stringify(value);
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/* ------------------------------------------------------------------------------------------------
 * POST /api/contact
 * ---------------------------------------------------------------------------------------------- */

const valid = {
  name: 'Fuzz Tester',
  email: 'fuzz@example.com.au',
  subject: 'Checking the contact form',
  message: 'Just checking how the form handles odd input.',
  inquiryType: 'general',
};
type ContactFields = typeof valid;
const TEXT_FIELDS = ['name', 'subject', 'message'] as const;
const LABELS: Record<string, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };

/** A 254- and a 255-character address: 64-character local part, labels under 63. */
const email254 = `${'x'.repeat(64)}@${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.com`;
const email255 = `${'x'.repeat(64)}@${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(62)}.com`;

interface ContactCase {
  name: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent verbatim (so keys like __proto__ really arrive). */
  raw?: string;
  /** null: no Content-Type header at all. */
  contentType?: string | null;
  headers?: Record<string, string>;
  status: 201 | 400 | 413 | 415;
  /** What body.message must say. */
  message?: RegExp;
  /** The fields named in body.errors, when the validator answers. */
  fields?: string[];
  /** A message one of body.errors must carry. */
  fieldMessage?: RegExp;
  /** For 201: the values that must be stored exactly (defaults to the trimmed input). */
  stored?: Partial<ContactFields>;
  /** Honeypot: 201 with a receipt, but nothing stored. */
  honeypot?: boolean;
}

const withField = (field: string, value: unknown) => ({ ...valid, [field]: value });
const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
const rawWith = (prefix: string) => `{${prefix},${json(valid).slice(1)}`;

const WRONG_TYPES: Array<[string, unknown]> = [
  ['a number', 42],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x']],
  ['an object', { x: 1 }],
];

const contactCases: ContactCase[] = [
  // Baselines.
  { name: 'a valid message', body: valid, status: 201 },
  { name: 'no inquiryType (defaults to general)', body: without('inquiryType'), status: 201, stored: { inquiryType: 'general' } },

  // Wrong types for each field.
  ...(['name', 'email', 'subject', 'message'] as const).flatMap((field) =>
    WRONG_TYPES.map(([what, value]): ContactCase => ({
      name: `${field} as ${what}`,
      body: withField(field, value),
      status: 400,
      fields: [field],
      fieldMessage: new RegExp(`^${LABELS[field]} must be text$`),
    })),
  ),
  ...WRONG_TYPES.map(([what, value]): ContactCase => ({
    name: `inquiryType as ${what}`,
    body: withField('inquiryType', value),
    status: 400,
    fields: ['inquiryType'],
    fieldMessage: /^Inquiry type must be one of: general, domain, advertising, editorial, technical$/,
  })),
  // null means "left empty" for the optional honeypot: accepted and stored like any message.
  { name: 'website (honeypot) as null', body: withField('website', null), status: 201 },
  ...WRONG_TYPES.filter(([, value]) => value !== null).map(([what, value]): ContactCase => ({
    name: `website (honeypot) as ${what}`,
    body: withField('website', value),
    status: 400,
    fields: ['website'],
    fieldMessage: /^website must be text$/,
  })),

  // Missing each required field.
  ...(['name', 'email', 'subject', 'message'] as const).map((field): ContactCase => ({
    name: `missing ${field}`,
    body: without(field),
    status: 400,
    fields: [field],
    fieldMessage: new RegExp(`^${LABELS[field]} is required$`),
  })),
  { name: 'an empty object', body: {}, status: 400, fields: ['email', 'message', 'name', 'subject'], fieldMessage: /is required/ },

  // Extra fields, including attempts to set server-owned columns and prototype pollution.
  ...['phone', 'id', 'priority', 'createdAt', 'admin'].map((field): ContactCase => ({
    name: `extra field ${field}`,
    body: withField(field, field === 'priority' || field === 'admin' ? true : 1),
    status: 400,
    fields: [field],
    fieldMessage: new RegExp(`^Unknown field "${field}"$`),
  })),
  ...['__proto__', 'constructor', 'prototype'].map((key): ContactCase => ({
    name: `raw key ${key}`,
    raw: rawWith(`${json(key)}:{"admin":true}`),
    status: 400,
    fields: [key],
    fieldMessage: new RegExp(`^Unknown field "${key}"$`),
  })),
  {
    name: 'raw nested {"constructor":{"prototype":{...}}}',
    raw: rawWith('"constructor":{"prototype":{"admin":true}}'),
    status: 400,
    fields: ['constructor'],
    fieldMessage: /^Unknown field "constructor"$/,
  },

  // Lengths: just inside and just outside every limit.
  { name: 'name of 100 characters', body: withField('name', 'n'.repeat(100)), status: 201 },
  { name: 'name of 101 characters', body: withField('name', 'n'.repeat(101)), status: 400, fields: ['name'], fieldMessage: /^Name must be at most 100 characters$/ },
  { name: 'name of 100 characters padded with spaces (trimmed)', body: withField('name', `  ${'n'.repeat(100)}  `), status: 201, stored: { name: 'n'.repeat(100) } },
  { name: 'subject of 200 characters', body: withField('subject', 's'.repeat(200)), status: 201 },
  { name: 'subject of 201 characters', body: withField('subject', 's'.repeat(201)), status: 400, fields: ['subject'], fieldMessage: /^Subject must be at most 200 characters$/ },
  { name: 'message of 5000 characters', body: withField('message', 'm'.repeat(5000)), status: 201 },
  { name: 'message of 5001 characters', body: withField('message', 'm'.repeat(5001)), status: 400, fields: ['message'], fieldMessage: /^Message must be at most 5000 characters$/ },
  { name: 'email of 254 characters', body: withField('email', email254), status: 201 },
  { name: 'email of 255 characters', body: withField('email', email255), status: 400, fields: ['email'], fieldMessage: /^Email must be at most 254 characters$/ },
  { name: 'a 90 kB message (under the body limit)', body: withField('message', 'm'.repeat(90_000)), status: 400, fields: ['message'], fieldMessage: /^Message must be at most 5000 characters$/ },
  { name: 'website of 501 characters', body: withField('website', 'w'.repeat(501)), status: 400, fields: ['website'], fieldMessage: /at most 500/ },

  // Only whitespace.
  ...TEXT_FIELDS.flatMap((field) =>
    [
      ['spaces', '     '],
      ['tabs', '\t\t\t'],
      ['newlines', '\n\n\r\n'],
      ['mixed whitespace', ' \t\n \r\n\t '],
      ['no-break and ideographic spaces', '\u00A0\u3000\u2003'],
    ].map(([what, value]): ContactCase => ({
      name: `${field} of only ${what}`,
      body: withField(field, value),
      status: 400,
      fields: [field],
      fieldMessage: new RegExp(`^${LABELS[field]} is required$`),
    })),
  ),
  { name: 'email of only spaces', body: withField('email', '   '), status: 400, fields: ['email'], fieldMessage: /^Email is required$/ },

  // Control characters.
  ...TEXT_FIELDS.flatMap((field) =>
    [
      ['NUL', '\u0000'],
      ['BEL', '\u0007'],
      ['ESC', '\u001b'],
      ['DEL', '\u007f'],
      ['vertical tab', '\u000b'],
    ].map(([what, ch]): ContactCase => ({
      name: `${field} containing ${what}`,
      body: withField(field, `before${ch}after`),
      status: 400,
      fields: [field],
      fieldMessage: new RegExp(`^${LABELS[field]} contains control characters$`),
    })),
  ),
  ...TEXT_FIELDS.map((field): ContactCase => ({
    name: `${field} of only a NUL`,
    body: withField(field, '\u0000'),
    status: 400,
    fields: [field],
    fieldMessage: new RegExp(`^${LABELS[field]} contains control characters$`),
  })),
  { name: 'email containing NUL', body: withField('email', 'fuzz\u0000@example.com'), status: 400, fields: ['email'], fieldMessage: /valid email/ },
  { name: 'email containing ESC', body: withField('email', 'fuzz@exam\u001bple.com'), status: 400, fields: ['email'], fieldMessage: /valid email/ },
  { name: 'email with a CRLF header injection', body: withField('email', 'fuzz@example.com\r\nBcc: victim@example.com'), status: 400, fields: ['email'], fieldMessage: /valid email/ },
  { name: 'inquiryType containing NUL', body: withField('inquiryType', 'general\u0000'), status: 400, fields: ['inquiryType'] },
  { name: 'message with tabs and line breaks inside (allowed)', body: withField('message', 'Line one\n\tLine two\r\nLine three'), status: 201 },

  // Unicode.
  { name: 'emoji in the message', body: withField('message', 'Great site 👍🏽🇦🇺 — love the 🚀 coverage! 👨‍👩‍👧'), status: 201 },
  { name: 'emoji in the name', body: withField('name', 'Zoë 🦘 Ng'), status: 201 },
  // Lengths count code points (as the varchar columns do), not UTF-16 units.
  { name: '100 emoji as the name (200 UTF-16 units)', body: withField('name', '😀'.repeat(100)), status: 201 },
  { name: '101 emoji as the name', body: withField('name', '😀'.repeat(101)), status: 400, fields: ['name'], fieldMessage: /^Name must be at most 100 characters$/ },
  { name: '5000 emoji as the message', body: withField('message', '🦘'.repeat(5000)), status: 201 },
  { name: 'RTL override in the name (allowed by the rules)', body: withField('name', 'Mallory \u202Etxt.exe'), status: 201 },
  { name: 'zero-width space inside the subject', body: withField('subject', 'Dom\u200Bain offer'), status: 201 },
  { name: 'combining marks in the message (not normalised)', body: withField('message', 'Cafe\u0301 Z\u0351\u0352a\u0353\u0354l\u0355g\u0356o'), status: 201 },
  { name: 'CJK, Arabic and Devanagari text', body: withField('message', '你好, مرحبا, नमस्ते'), status: 201 },
  { name: 'emoji in the email', body: withField('email', 'fuzz😀@example.com'), status: 400, fields: ['email'], fieldMessage: /valid email/ },
  { name: 'lone surrogate \\ud800 (JSON escape) in the email', raw: json(without('email')).replace(/}$/, ',"email":"fuzz\\ud800@example.com"}'), status: 400, fields: ['email'] },

  // Email shapes.
  ...['not-an-email', 'a@b', '@example.com', 'fuzz@', 'fuzz@@example.com', 'fuzz @example.com', '<script>@example.com', 'fuzz@example..com'].map(
    (email): ContactCase => ({ name: `email ${json(email)}`, body: withField('email', email), status: 400, fields: ['email'], fieldMessage: /^Email must be a valid email address$/ }),
  ),

  // Inquiry types.
  ...(['DOMAIN', 'sales', '', 1, ' domain', 'Domain', 'general '] as unknown[]).map((inquiryType): ContactCase => ({
    name: `inquiryType ${json(inquiryType)}`,
    body: withField('inquiryType', inquiryType),
    status: 400,
    fields: ['inquiryType'],
    fieldMessage: /^Inquiry type must be one of: general, domain, advertising, editorial, technical$/,
  })),

  // Honeypot: a receipt, nothing stored.
  { name: 'honeypot filled', body: withField('website', 'https://spam.example'), status: 201, honeypot: true },

  // Content types.
  ...[
    ['text/plain', 'text/plain'],
    ['form-urlencoded', 'application/x-www-form-urlencoded'],
    ['multipart/form-data', 'multipart/form-data; boundary=fuzz'],
    ['application/xml', 'application/xml'],
    ['application/vnd.api+json', 'application/vnd.api+json'],
  ].map(([what, contentType]): ContactCase => ({
    name: `content type ${what}`,
    raw: json(valid),
    contentType,
    status: 415,
    message: /^Content-Type must be application\/json$/,
  })),
  { name: 'no content type', raw: json(valid), contentType: null, status: 415, message: /^Content-Type must be application\/json$/ },
  { name: 'form body over the limit', raw: 'x='.padEnd(120_000, 'y'), contentType: 'application/x-www-form-urlencoded', status: 415, message: /Content-Type/ },
  { name: 'JSON in charset latin1', raw: json(valid), contentType: 'application/json; charset=latin1', status: 415, message: /charset/i },
  { name: 'unsupported Content-Encoding', raw: json(valid), headers: { 'Content-Encoding': 'compress' }, status: 415, message: /encoding/i },
  // A body that does not decode answers a generic message, never the decoder's.
  ...['gzip', 'deflate', 'br', 'GZIP'].map((encoding): ContactCase => ({
    name: `Content-Encoding ${encoding} with a body that is not ${encoding.toLowerCase()}`,
    raw: json(valid),
    headers: { 'Content-Encoding': encoding },
    status: 400,
    message: /^The request body could not be decoded: it does not match its Content-Encoding$/,
  })),

  // Broken JSON.
  ...[
    ['truncated', '{"name": "Fuzz", "email": '],
    ['a trailing comma', `${json(valid).slice(0, -1)},}`],
    ['single quotes', "{'name': 'Fuzz', 'email': 'fuzz@example.com'}"],
    ['undefined', 'undefined'],
    ['NaN', 'NaN'],
    ['a comment', `/* hi */ ${json(valid)}`],
    ['two objects', `${json(valid)}${json(valid)}`],
    ['unquoted keys', '{name: "Fuzz"}'],
    ['a bad escape', '{"name": "\\x41"}'],
  ].map(([what, raw]): ContactCase => ({
    name: `JSON with ${what}`,
    raw,
    status: 400,
    message: /^Malformed JSON body: the request body is not valid JSON$/,
  })),
  { name: 'an empty body with a JSON content type', raw: '', status: 400, message: /./ },

  // JSON that is not an object.
  ...['"text"', '42', 'null', '[]', 'true', json([valid])].map((raw): ContactCase => ({
    name: `a JSON body of ${raw.slice(0, 20)}`,
    raw,
    status: 400,
    message: /^Invalid contact message/,
    fields: ['body'],
    fieldMessage: /^The message must be a JSON object$/,
  })),

  // Too big.
  { name: 'a body over 100 kB', body: withField('message', 'm'.repeat(110_000)), status: 413, message: /^Request body too large$/ },
  { name: 'a body over 100 kB of broken JSON', raw: `{"message": "${'m'.repeat(110_000)}`, status: 413, message: /^Request body too large$/ },
];

function postContact(app: TestApp['app'], c: Pick<ContactCase, 'body' | 'raw' | 'contentType' | 'headers'>) {
  const payload = c.raw ?? json(c.body);
  let req = request(app).post('/api/contact');
  for (const [k, v] of Object.entries(c.headers ?? {})) req = req.set(k, v);
  // A Buffer with no type set goes out without any Content-Type header.
  if (c.contentType === null) return req.send(Buffer.from(payload));
  return req.set('Content-Type', c.contentType ?? 'application/json').send(payload);
}

function trimmedInput(c: ContactCase): Partial<ContactFields> {
  const input = (c.raw !== undefined ? JSON.parse(c.raw) : c.body) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'email', 'subject', 'message'] as const) out[key] = String(input[key]).trim();
  out.inquiryType = input.inquiryType ?? 'general';
  return out as Partial<ContactFields>;
}

describe('POST /api/contact', () => {
  let before = 0;
  const expectedStored = contactCases.filter((c) => c.status === 201 && !c.honeypot).length;

  beforeAll(async () => {
    before = await t.db.orm.em.fork().count(ContactMessage, {});
  });

  it.each(contactCases)('$name -> $status', async (c) => {
    const res = await postContact(t.app, c);
    if (c.status === 201) {
      expect(res.status, res.text.slice(0, 500)).toBe(201);
      expect(res.body).toMatchObject({ reference: expect.stringMatching(/^INQ-\d{6}$/), message: expect.any(String) });
      expectNoLeaks(res.text);
      if (c.honeypot) {
        expect(res.body.id).toBe(0);
        return;
      }
      const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: res.body.id });
      const expected = { ...trimmedInput(c), ...c.stored };
      expect({
        name: stored.name,
        email: stored.email,
        subject: stored.subject,
        message: stored.message,
        inquiryType: stored.inquiryType,
      }).toEqual(expected);
      return;
    }
    expectRestProblem(res, c.status, c.message ?? /./);
    if (c.fields) {
      expect(res.body.message).toMatch(/^Invalid contact message: /);
      expect([...new Set(res.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual([...c.fields].sort());
      for (const field of c.fields) expect(res.body.message).toContain(field);
    }
    if (c.fieldMessage) {
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContainEqual(expect.stringMatching(c.fieldMessage));
    }
  });

  it('stored exactly one row per accepted case and nothing for any refused case', async () => {
    const after = await t.db.orm.em.fork().count(ContactMessage, {});
    expect(after - before).toBe(expectedStored);
  });

  it('was not prototype-polluted by __proto__/constructor keys', () => {
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).admin).toBeUndefined();
  });

  // A lone surrogate cannot be stored as UTF-8: it must be refused with a 400 naming the field, or
  // stored without corruption. Either way never a 500.
  it.each(TEXT_FIELDS)('a lone surrogate (JSON \\ud800) in %s is refused or stored exactly', async (field) => {
    const before = await t.db.orm.em.fork().count(ContactMessage, {});
    const raw = json(without(field)).replace(/}$/, `,"${field}":"broken \\ud800 half"}`);
    const res = await postContact(t.app, { raw });
    if (res.status !== 201) expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(before);
    expect(res.status, res.text).toBeLessThan(500);
    expectNoLeaks(res.text);
    if (res.status === 201) {
      const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: res.body.id });
      expect(stored[field]).toBe('broken \ud800 half');
    } else {
      expectRestProblem(res, 400, new RegExp(field));
    }
  });
});

/* ------------------------------------------------------------------------------------------------
 * GET endpoints
 * ---------------------------------------------------------------------------------------------- */

interface GetCase {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Several statuses: any of them is right (e.g. a well-formed cursor that matches nothing). */
  status: number | number[];
  message: RegExp;
}

const getCases: GetCase[] = [
  // GET /api/articles ?limit
  ...['0', '-1', 'abc', '1.5', '1e3', '9999999', '', '0x10', '+5', '%20', '%00', '1%00', 'Infinity', 'NaN', `${'9'.repeat(400)}`].map(
    (limit): GetCase => ({ name: `articles limit=${limit.slice(0, 20)}`, path: `/api/articles?limit=${limit}`, status: 400, message: /^limit must be a positive integer$/ }),
  ),
  { name: 'articles limit given twice', path: '/api/articles?limit=1&limit=2', status: 400, message: /^limit must be a positive integer$/ },
  // The simple query parser reads limit[] as another (ignored) parameter.
  { name: 'articles limit[]=1', path: '/api/articles?limit[]=1', status: [200, 400], message: /limit/ },

  // GET /api/articles ?after
  ...[
    ['garbage', 'garbage'],
    ['punctuation', '!!!'],
    ['percent signs', '%25%25%25'],
    ['201 characters', 'a'.repeat(201)],
    ['not a date', b64('not-a-date|1')],
    ['id 0', b64('2024-01-01T00:00:00.000Z|0')],
    ['id abc', b64('2024-01-01T00:00:00.000Z|abc')],
    ['an extra part', b64('2024-01-01T00:00:00.000Z|1|2')],
    ['no id', b64('2024-01-01T00:00:00.000Z')],
    ['a NUL', `${b64('2024-01-01T00:00:00.000Z|1')}%00`],
    ['an unsafe integer id', b64('2024-01-01T00:00:00.000Z|99999999999999999999')],
  ].map(([what, after]): GetCase => ({ name: `articles after=<${what}>`, path: `/api/articles?after=${after}`, status: 400, message: /^after is not a valid cursor$/ })),
  { name: 'articles after given twice', path: '/api/articles?after=a&after=b', status: 400, message: /^after must be given once, as text$/ },
  // Well-formed cursors whose values the database cannot hold.
  { name: 'articles after=<year -100000>', path: `/api/articles?after=${b64('-100000-01-01T00:00:00.000Z|1')}`, status: 400, message: /after/ },
  { name: 'articles after=<id beyond int4>', path: `/api/articles?after=${b64('2024-01-01T00:00:00.000Z|99999999999999')}`, status: [200, 400], message: /after/ },
  { name: 'articles after=<year 275760, the last JS date>', path: `/api/articles?after=${b64('+275760-09-13T00:00:00.000Z|1')}`, status: [200, 400], message: /after/ },
  { name: 'articles after=<year 0>', path: `/api/articles?after=${b64('0000-01-01T00:00:00.000Z|1')}`, status: [200, 400], message: /after/ },

  // GET /api/articles/:id
  ...['abc', '-1', '0', '1e3', '99999999999999', '2147483648', '%00', '1%00', '1.0', '0x1', '%20', 'x'.repeat(5000), '1'.repeat(5000), '%F0%9F%98%80', '..%2F1'].map(
    (id): GetCase => ({ name: `article id ${id.slice(0, 20)}${id.length > 20 ? `… (${id.length})` : ''}`, path: `/api/articles/${id}`, status: 400, message: /^Article id must be a positive integer$/ }),
  ),
  { name: 'article id 2147483647 (valid, absent)', path: '/api/articles/2147483647', status: 404, message: /^Article 2147483647 not found$/ },
  { name: 'article id with a raw % (undecodable)', path: '/api/articles/%', status: 400, message: /./ },
  { name: 'article id with a broken escape %E0%A4%A', path: '/api/articles/%E0%A4%A', status: 400, message: /./ },

  // GET /api/categories/:name/articles
  ...[
    ['5000 characters', 'c'.repeat(5000)],
    ['an encoded %', '%25'],
    ['_', '_'],
    ['an encoded %_', '%25_'],
    ['../ encoded', '..%2F'],
    ['..', '..'],
    ['an encoded slash', '%2F'],
    ['an encoded backslash', '%5C'],
    ['a space', '%20'],
    ['an emoji', encodeURIComponent('🚀')],
    ['an RTL override', encodeURIComponent('\u202Eai')],
    ['a quote', encodeURIComponent(`a'b"c`)],
  ].map(([what, name]): GetCase => ({ name: `category ${what}`, path: `/api/categories/${name}/articles`, status: 404, message: /^Category ".*" not found$/s })),
  { name: 'category with an encoded NUL', path: '/api/categories/%00/articles', status: 404, message: /not found/ },
  { name: 'category with an encoded NUL inside', path: '/api/categories/edtech%00/articles', status: 404, message: /not found/ },
  { name: 'category with a raw % (undecodable)', path: '/api/categories/%/articles', status: 400, message: /./ },
  { name: 'category with bad limit', path: '/api/categories/edtech/articles?limit=abc', status: 400, message: /^limit must be a positive integer$/ },

  // Admin reads.
  { name: 'admin inquiries without a token', path: '/api/admin/inquiries', status: 401, message: /admin token/i },
  { name: 'admin inquiries with a wrong token', path: '/api/admin/inquiries', headers: { Authorization: 'Bearer wrong-token' }, status: 401, message: /admin token/i },
  { name: 'admin inquiries with Basic auth', path: '/api/admin/inquiries', headers: { Authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` }, status: 401, message: /admin token/i },
  { name: 'admin inquiries with an empty Bearer', path: '/api/admin/inquiries', headers: { Authorization: 'Bearer ' }, status: 401, message: /admin token/i },
  { name: 'admin inquiries with the token twice', path: '/api/admin/inquiries', headers: { Authorization: `Bearer ${ADMIN_TOKEN} ${ADMIN_TOKEN}` }, status: 401, message: /admin token/i },
  ...[
    ['limit=abc', /^limit must be a positive integer$/],
    ['limit=0', /^limit must be a positive integer$/],
    ['type=spam', /^type must be one of/],
    ['type=DOMAIN', /^type must be one of/],
    ['type=general&type=domain', /^type must be given once, as text$/],
    ['after=garbage', /^after is not a valid cursor$/],
    [`after=${b64('-100000-01-01T00:00:00.000Z|1')}`, /after/],
  ].map(([query, message]): GetCase => ({
    name: `admin inquiries ?${String(query).slice(0, 30)}`,
    path: `/api/admin/inquiries?${query}`,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    status: 400,
    message: message as RegExp,
  })),
  {
    name: 'admin inquiries ?after=<id beyond int4>',
    path: `/api/admin/inquiries?after=${b64('2024-01-01T00:00:00.000Z|99999999999999')}`,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    status: [200, 400],
    message: /./,
  },

  // Unknown paths.
  { name: 'unknown API path', path: '/api/../../etc/passwd', status: 404, message: /./ },
  { name: 'unknown API path with a raw %', path: '/api/nothing/%', status: 404, message: /^No API route/ },
];

describe('GET endpoints', () => {
  it.each(getCases)('$name -> $status', async (c) => {
    let req = request(t.app).get(c.path);
    for (const [k, v] of Object.entries(c.headers ?? {})) req = req.set(k, v);
    const res = await req;
    if (Array.isArray(c.status)) {
      expect(c.status, `${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status);
      expectNoLeaks(res.text);
      if (res.status >= 400) expectRestProblem(res, res.status, c.message);
      return;
    }
    expectRestProblem(res, c.status, c.message);
    // Every 401 names the scheme to use and is never stored.
    if (c.status === 401) {
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the admin read with 401 when admin access is off (production, no token)', async () => {
    const res = await request(prod.app).get('/api/admin/inquiries').set('Authorization', 'Bearer anything-at-all-1234567890');
    expectRestProblem(res, 401, /^Admin access is off/);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers bad ids the same way in production', async () => {
    for (const path of ['/api/articles/abc', '/api/articles/%', '/api/categories/%00/articles', '/api/categories/%/articles']) {
      const res = await request(prod.app).get(path);
      expect(res.status, `${path}: ${res.text}`).toBeLessThan(500);
      expectNoLeaks(res.text);
    }
  });
});

/* ------------------------------------------------------------------------------------------------
 * POST /graphql
 * ---------------------------------------------------------------------------------------------- */

const SUBMIT = 'mutation Send($input: ContactMessageInput!) { submitContactMessage(input: $input) { id reference } }';
const gqlInput = { name: 'Fuzz Tester', email: 'fuzz@example.com.au', subject: 'Fuzzing', message: 'Checking GraphQL validation.' };

const nested = (levels: number) => `${'related { '.repeat(levels)}id${' }'.repeat(levels)}`;

interface GqlCase {
  name: string;
  /** JSON body (query/variables); or raw text with rawType. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** Exact HTTP status when the request is refused before execution; otherwise 200 or 400 with errors. */
  status?: number;
  message: RegExp;
  code?: string;
  /** extensions.fields from our validation. */
  fields?: string[];
  /** Well-formed input that may also simply succeed (200 without errors). */
  mayPass?: boolean;
}

const gqlCases: GqlCase[] = [
  // Transport.
  { name: 'truncated JSON', raw: '{"query": "{ __typename', status: 400, message: /^Malformed JSON body/ },
  { name: 'single-quoted JSON', raw: "{'query': '{ __typename }'}", status: 400, message: /^Malformed JSON body/ },
  { name: 'a trailing comma', raw: '{"query": "{ __typename }",}', status: 400, message: /^Malformed JSON body/ },
  { name: 'a JSON string body', raw: '"{ __typename }"', status: 400, message: /./ },
  { name: 'a JSON null body', raw: 'null', status: 400, message: /./ },
  { name: 'a batch (array) body', raw: '[{"query":"{ __typename }"}]', status: 400, message: /./ },
  { name: 'an empty JSON object', body: {}, status: 400, message: /POST body missing|query/ },
  { name: 'an empty body with a JSON type', raw: '', status: 400, message: /./ },
  { name: 'missing query', body: { variables: {} }, status: 400, message: /query/ },
  { name: 'an empty query', body: { query: '' }, status: 400, message: /query/ },
  { name: 'query as a number', body: { query: 42 }, status: 400, message: /quer/i },
  { name: 'query as an object', body: { query: { a: 1 } }, status: 400, message: /quer/i },
  { name: 'query as an array', body: { query: ['{ __typename }'] }, status: 400, message: /quer/i },
  { name: 'variables as a string', body: { query: '{ __typename }', variables: 'x' }, status: 400, message: /variables/ },
  { name: 'variables as an array', body: { query: '{ __typename }', variables: [1] }, status: 400, message: /variables/ },
  { name: 'operationName as a number', body: { query: '{ __typename }', operationName: 1 }, status: 400, message: /operationName/ },
  { name: 'an unknown operationName', body: { query: 'query A { __typename }', operationName: 'B' }, status: 400, message: /operation named "B"/i },
  { name: 'text/plain (CSRF-prone)', raw: '{"query":"{ __typename }"}', contentType: 'text/plain', status: 400, message: /Cross-Site Request Forgery|CSRF/ },
  { name: 'form-urlencoded (CSRF-prone)', raw: 'query=%7B__typename%7D', contentType: 'application/x-www-form-urlencoded', status: 400, message: /Cross-Site Request Forgery|CSRF/ },
  { name: 'multipart (CSRF-prone)', raw: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x', status: 400, message: /Cross-Site Request Forgery|CSRF/ },
  { name: 'a body over 100 kB', body: { query: `{ __typename } # ${'x'.repeat(110_000)}` }, status: 413, message: /^Request body too large$/ },

  // Documents.
  { name: 'a syntactically invalid document', body: { query: '{ articles(first: ) { nodes { id } }' }, status: 400, message: /^Syntax Error/, code: 'GRAPHQL_PARSE_FAILED' },
  { name: 'an unterminated string', body: { query: '{ category(slug: "edtech) { name } }' }, status: 400, message: /^Syntax Error/, code: 'GRAPHQL_PARSE_FAILED' },
  { name: 'an unknown field', body: { query: '{ artcles { nodes { id } } }' }, status: 400, message: /Cannot query field "artcles" on type "Query"/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'a missing selection set', body: { query: '{ articles }' }, status: 400, message: /selection/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'a mutation as a query field', body: { query: '{ submitContactMessage { id } }' }, status: 400, message: /submitContactMessage/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: `depth ${10 + 2} via related { related { ... } }`, body: { query: `{ article(id: "1") { ${nested(10)} } }` }, status: 400, message: /depth/i },
  { name: 'depth 50', body: { query: `{ article(id: "1") { ${nested(50)} } }` }, status: 400, message: /depth|cost/i },
  { name: '16 aliases', body: { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: categories { id }`).join(' ')} }` }, status: 400, message: /alias/i },
  // __typename aliases count like any other.
  { name: '16 __typename aliases', body: { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: __typename`).join(' ')} }` }, status: 400, message: /alias/i },
  { name: '16 __typename aliases in a fragment', body: { query: `{ ...F } fragment F on Query { ${Array.from({ length: 16 }, (_, i) => `t${i}: __typename`).join(' ')} }` }, status: 400, message: /alias/i },
  { name: '8 __typename aliases with 8 field aliases', body: { query: `{ ${Array.from({ length: 8 }, (_, i) => `t${i}: __typename c${i}: categories { id }`).join(' ')} }` }, status: 400, message: /alias/i },
  { name: '16 aliases in a fragment', body: { query: `{ ...F } fragment F on Query { ${Array.from({ length: 16 }, (_, i) => `a${i}: breakingNews { id }`).join(' ')} }` }, status: 400, message: /alias/i },
  { name: '20 aliases of articles(first: 100)', body: { query: `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: articles(first: 100) { nodes { id } }`).join(' ')} }` }, status: 400, message: /alias/i },
  { name: '200 aliases of articles(first: 100) (over the token limit too)', body: { query: `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: articles(first: 100) { nodes { id } }`).join(' ')} }` }, status: 400, message: /alias|token/i },
  { name: '11 directives', body: { query: `{ __typename ${'@include(if: true) '.repeat(11)}}` }, status: 400, message: /directive/i },
  { name: '2100 tokens', body: { query: `{ ${'__typename '.repeat(2100)}}` }, status: 400, message: /token/i },

  // Variables for ContactMessageInput (coercion happens before execution: 400).
  { name: 'input.name as a number', body: { query: SUBMIT, variables: { input: { ...gqlInput, name: 42 } } }, status: 400, message: /input\.name.*String cannot represent a non string value/s, code: 'BAD_USER_INPUT' },
  { name: 'input.name as an object', body: { query: SUBMIT, variables: { input: { ...gqlInput, name: { a: 1 } } } }, status: 400, message: /String cannot represent/, code: 'BAD_USER_INPUT' },
  { name: 'input.name null', body: { query: SUBMIT, variables: { input: { ...gqlInput, name: null } } }, status: 400, message: /name/, code: 'BAD_USER_INPUT' },
  { name: 'input without email', body: { query: SUBMIT, variables: { input: { ...gqlInput, email: undefined } } }, status: 400, message: /Field "email" of required type "String!" was not provided/, code: 'BAD_USER_INPUT' },
  { name: 'input with an unknown field', body: { query: SUBMIT, variables: { input: { ...gqlInput, phone: '0400' } } }, status: 400, message: /Field "phone" is not defined by type "ContactMessageInput"/, code: 'BAD_USER_INPUT' },
  { name: 'input with __proto__', raw: `{"query":${json(SUBMIT)},"variables":{"input":{"__proto__":{"admin":true},${json(gqlInput).slice(1)}}}`, status: 400, message: /__proto__/, code: 'BAD_USER_INPUT' },
  { name: 'inquiryType SALES', body: { query: SUBMIT, variables: { input: { ...gqlInput, inquiryType: 'SALES' } } }, status: 400, message: /Value "SALES" does not exist in "InquiryType" enum/, code: 'BAD_USER_INPUT' },
  { name: 'inquiryType domain (the stored value, not the enum name)', body: { query: SUBMIT, variables: { input: { ...gqlInput, inquiryType: 'domain' } } }, status: 400, message: /InquiryType/, code: 'BAD_USER_INPUT' },
  { name: 'input missing', body: { query: SUBMIT, variables: {} }, status: 400, message: /\$input/, code: 'BAD_USER_INPUT' },
  { name: 'input as a string', body: { query: SUBMIT, variables: { input: 'hello' } }, status: 400, message: /ContactMessageInput/, code: 'BAD_USER_INPUT' },

  // Our validation (executes: errors[0] is BAD_USER_INPUT with extensions.fields).
  { name: 'input.name of spaces', body: { query: SUBMIT, variables: { input: { ...gqlInput, name: '   ' } } }, message: /^Invalid contact message: name$/, code: 'BAD_USER_INPUT', fields: ['name'] },
  { name: 'input.name of 101 characters', body: { query: SUBMIT, variables: { input: { ...gqlInput, name: 'n'.repeat(101) } } }, message: /^Invalid contact message: name$/, code: 'BAD_USER_INPUT', fields: ['name'] },
  { name: 'input.message with NUL', body: { query: SUBMIT, variables: { input: { ...gqlInput, message: 'a\u0000b' } } }, message: /^Invalid contact message: message$/, code: 'BAD_USER_INPUT', fields: ['message'] },
  { name: 'input.subject with ESC', body: { query: SUBMIT, variables: { input: { ...gqlInput, subject: 'a\u001bb' } } }, message: /^Invalid contact message: subject$/, code: 'BAD_USER_INPUT', fields: ['subject'] },
  { name: 'input.email invalid', body: { query: SUBMIT, variables: { input: { ...gqlInput, email: 'nope' } } }, message: /^Invalid contact message: email$/, code: 'BAD_USER_INPUT', fields: ['email'] },
  { name: 'input.message of 5001 characters', body: { query: SUBMIT, variables: { input: { ...gqlInput, message: 'm'.repeat(5001) } } }, message: /^Invalid contact message: message$/, code: 'BAD_USER_INPUT', fields: ['message'] },
  { name: 'every field blank', body: { query: SUBMIT, variables: { input: { name: '', email: '', subject: ' ', message: '\n' } } }, message: /^Invalid contact message: /, code: 'BAD_USER_INPUT', fields: ['name', 'email', 'subject', 'message'] },

  // Arguments.
  { name: 'article(id: "abc")', body: { query: '{ article(id: "abc") { id } }' }, message: /^Article id must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'article(id: "-1")', body: { query: '{ article(id: "-1") { id } }' }, message: /^Article id must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'article(id: "99999999999999")', body: { query: '{ article(id: "99999999999999") { id } }' }, message: /^Article id must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'article(id: "\\u0000")', body: { query: '{ article(id: "\\u0000") { id } }' }, message: /^Article id must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'article(id: 1.5)', body: { query: '{ article(id: 1.5) { id } }' }, status: 400, message: /ID cannot represent/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'article without id', body: { query: '{ article { id } }' }, status: 400, message: /argument "id" of type "ID!" is required/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'article(id: $id) with id as an object', body: { query: 'query A($id: ID!) { article(id: $id) { id } }', variables: { id: { a: 1 } } }, status: 400, message: /ID cannot represent/, code: 'BAD_USER_INPUT' },
  { name: 'articles(first: -1)', body: { query: '{ articles(first: -1) { nodes { id } } }' }, message: /^first must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'articles(first: 0)', body: { query: '{ articles(first: 0) { nodes { id } } }' }, message: /^first must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'articles(first: 2147483648)', body: { query: '{ articles(first: 2147483648) { nodes { id } } }' }, status: 400, message: /Int cannot represent|cost/i, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'articles(first: "10")', body: { query: '{ articles(first: "10") { nodes { id } } }' }, status: 400, message: /Int cannot represent/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'articles(after: "garbage")', body: { query: '{ articles(after: "garbage") { nodes { id } } }' }, message: /^after is not a valid cursor$/, code: 'BAD_USER_INPUT' },
  { name: 'articles(after: <year -100000>)', body: { query: `{ articles(after: "${b64('-100000-01-01T00:00:00.000Z|1')}") { nodes { id } } }` }, message: /after/, code: 'BAD_USER_INPUT' },
  { name: 'articles(after: <id beyond int4>)', body: { query: `{ articles(after: "${b64('2024-01-01T00:00:00.000Z|99999999999999')}") { nodes { id } } }` }, message: /after/, code: 'BAD_USER_INPUT', mayPass: true },
  { name: 'articles(category: "gardening")', body: { query: '{ articles(category: "gardening") { nodes { id } } }' }, message: /^Category "gardening" not found$/, code: 'NOT_FOUND' },
  { name: 'articles(category: "\\u0000")', body: { query: '{ articles(category: "\\u0000") { nodes { id } } }' }, message: /not found/, code: 'NOT_FOUND' },
  { name: 'related(first: -1)', body: { query: '{ articles(first: 1) { nodes { related(first: -1) { id } } } }' }, message: /^first must be a positive integer$/, code: 'BAD_USER_INPUT' },
  { name: 'partners(placement: "SIDEBAR") as a string', body: { query: '{ partners(placement: "SIDEBAR") { id } }' }, status: 400, message: /PartnerPlacement/, code: 'GRAPHQL_VALIDATION_FAILED' },
  { name: 'inquiries without a token', body: { query: '{ inquiries { nodes { id } } }' }, message: /admin/i, code: 'UNAUTHENTICATED' },

  // Automatic persisted queries: a bad hash or extension is the client's problem, named as such.
  { name: 'a persisted query hash never sent before', body: { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }, message: /^PersistedQueryNotFound$/, code: 'PERSISTED_QUERY_NOT_FOUND' },
  { name: 'a persisted query hash that is not hex', body: { extensions: { persistedQuery: { version: 1, sha256Hash: '../../etc/passwd' } } }, message: /^PersistedQueryNotFound$/, code: 'PERSISTED_QUERY_NOT_FOUND' },
  { name: 'a query with a hash that does not match it', body: { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }, status: 400, message: /hash does not match the query/, code: 'PERSISTED_QUERY_HASH_MISMATCH' },
  { name: 'a query with a hash of 64 zeros', body: { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }, status: 400, message: /hash does not match the query/, code: 'PERSISTED_QUERY_HASH_MISMATCH' },
  { name: 'a query with a numeric hash', body: { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 123 } } }, status: 400, message: /hash does not match the query/, code: 'PERSISTED_QUERY_HASH_MISMATCH' },
  { name: 'a query with a hash but no version', body: { query: '{ __typename }', extensions: { persistedQuery: { sha256Hash: 'abc' } } }, status: 400, message: /^Unsupported persisted query/, code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
  { name: 'persisted query version 2', body: { extensions: { persistedQuery: { version: 2, sha256Hash: 'abc' } } }, status: 400, message: /^Unsupported persisted query/, code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
  { name: 'persisted query version "1" (a string)', body: { extensions: { persistedQuery: { version: '1', sha256Hash: 'a'.repeat(64) } } }, status: 400, message: /^Unsupported persisted query/, code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
  { name: 'persistedQuery as a string', body: { query: '{ __typename }', extensions: { persistedQuery: 'x' } }, status: 400, message: /^Unsupported persisted query/, code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
];

function gqlMessage(res: Response): string | undefined {
  return res.body?.errors?.[0]?.message ?? res.body?.message;
}

async function postGraphql(app: TestApp['app'], c: GqlCase) {
  const payload = c.raw ?? json(c.body);
  return request(app).post('/graphql').set('Content-Type', c.contentType ?? 'application/json').send(payload);
}

/**
 * Outside production the server deliberately adds extensions.stacktrace (includeStacktraceInErrorResponses);
 * it is removed before the leak check there, and must be absent in production.
 */
function gqlTextForLeakCheck(res: Response, production: boolean): string {
  if (production || !Array.isArray(res.body?.errors)) return res.text;
  const errors = res.body.errors.map((e: { extensions?: Record<string, unknown> }) => {
    const { stacktrace: _omit, ...extensions } = e.extensions ?? {};
    return { ...e, extensions };
  });
  return JSON.stringify({ ...res.body, errors });
}

describe.each([
  ['test', false],
  ['production', true],
] as const)('POST /graphql (%s)', (_env, production) => {
  const app = () => (production ? prod : t).app;

  it.each(gqlCases)('$name', async (c) => {
    const res = await postGraphql(app(), c);
    const text = gqlTextForLeakCheck(res, production);
    expect(res.status, res.text.slice(0, 500)).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/application\/(graphql-response\+)?json/);
    if (c.status) expect(res.status, res.text.slice(0, 500)).toBe(c.status);
    else expect([200, 400]).toContain(res.status);
    if (c.mayPass && res.status === 200 && !res.body.errors) {
      expectNoLeaks(text);
      return;
    }
    if (res.status === 200) {
      expect(res.body.errors?.length, res.text.slice(0, 500)).toBeGreaterThan(0);
    }
    expectNoLeaks(text);
    expect(gqlMessage(res), res.text.slice(0, 500)).toMatch(c.message);
    if (c.code) expect(res.body.errors[0].extensions.code).toBe(c.code);
    if (c.fields) {
      const fields = res.body.errors[0].extensions.fields as Array<{ field: string; message: string }>;
      expect(fields.map((f) => f.field).sort()).toEqual([...c.fields].sort());
      for (const f of fields) expect(f.message.length).toBeGreaterThan(0);
    }
    if (production) {
      expect(res.text).not.toMatch(/Did you mean/i);
      expect(res.text).not.toContain('stacktrace');
    }
  });

  it('stores nothing for the refused contact inputs', async () => {
    const before = await (production ? prod : t).db.orm.em.fork().count(ContactMessage, {});
    for (const c of gqlCases.filter((g) => json(g.body ?? g.raw).includes('submitContactMessage'))) await postGraphql(app(), c);
    expect(await (production ? prod : t).db.orm.em.fork().count(ContactMessage, {})).toBe(before);
  });

  it('answers category(slug:) with a NUL as an unknown category: null, no error', async () => {
    const res = await request(app()).post("/graphql").send({ query: "{ category(slug: \"edtech\\u0000\") { name } }" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { category: null } });
  });

  it('accepts website: null (the schema declares it nullable)', async () => {
    const res = await postGraphql(app(), { name: '', body: { query: SUBMIT, variables: { input: { ...gqlInput, website: null } } }, message: /./ });
    expect(res.status).toBe(200);
    expect(res.body.errors, res.text).toBeUndefined();
    expect(res.body.data.submitContactMessage.reference).toMatch(/^INQ-\d{6}$/);
  });

  it('stores an emoji message exactly', async () => {
    const message = 'Loving it 🦘🚀 — cheers! 👩🏽‍💻';
    const res = await postGraphql(app(), { name: '', body: { query: SUBMIT, variables: { input: { ...gqlInput, message } } }, message: /./ });
    expect(res.body.errors, res.text).toBeUndefined();
    const stored = await (production ? prod : t).db.orm.em
      .fork()
      .findOneOrFail(ContactMessage, { id: Number(res.body.data.submitContactMessage.id) });
    expect(stored.message).toBe(message);
  });

  it('answers related at depth 8 (within the limit)', async () => {
    const res = await postGraphql(app(), { name: '', body: { query: `{ article(id: "${articleId}") { ${nested(6)} } }` }, message: /./ });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.errors, res.text.slice(0, 300)).toBeUndefined();
  });
});

describe('GraphQL suggestions', () => {
  it('suggests field names outside production', async () => {
    const res = await request(t.app).post('/graphql').send({ query: '{ artcles { nodes { id } } }' });
    expect(res.body.errors[0].message).toMatch(/Did you mean "articles"/);
  });

  it.each([
    ['an unknown query field', { query: '{ artcles { nodes { id } } }' }],
    ['an unknown nested field', { query: '{ articles { nodes { titel } } }' }],
    ['an unknown argument', { query: '{ articles(frist: 1) { nodes { id } } }' }],
    ['an unknown enum literal', { query: '{ partners(placement: SIDEBARS) { id } }' }],
    ['an unknown input field in variables', { query: SUBMIT, variables: { input: { ...gqlInput, emial: 'x' } } }],
    ['an unknown enum value in variables', { query: SUBMIT, variables: { input: { ...gqlInput, inquiryType: 'DOMIAN' } } }],
    ['an unknown type', { query: 'query A($x: Strng) { __typename }' }],
  ])('never suggests names in production: %s', async (_what, body) => {
    const res = await request(prod.app).post('/graphql').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message.length).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/Did you mean/i);
    expectNoLeaks(res.text);
  });
});

describe.each([
  ['test', false],
  ['production', true],
] as const)('GET /graphql (%s)', (_env, production) => {
  const app = () => (production ? prod : t).app;
  const expectRefused = (res: Response, status: number) => {
    expect(res.status, res.text.slice(0, 500)).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/(graphql-response\+)?json/);
    expectNoLeaks(gqlTextForLeakCheck(res, production));
    expect(gqlMessage(res)?.length).toBeGreaterThan(0);
  };

  it.each([
    ['no preflight header and no content type', {}],
    ['a simple content type', { 'Content-Type': 'text/plain' }],
    ['a form content type', { 'Content-Type': 'application/x-www-form-urlencoded' }],
  ])('refuses a query with %s (CSRF prevention)', async (_what, headers) => {
    let req = request(app()).get('/graphql?query=%7B__typename%7D');
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    const res = await req;
    expectRefused(res, 400);
    expect(gqlMessage(res)).toMatch(/Cross-Site Request Forgery \(CSRF\)/);
    expect(gqlMessage(res)).toMatch(/apollo-require-preflight/);
  });

  it('answers the same query with the preflight header', async () => {
    const res = await request(app()).get('/graphql?query=%7B__typename%7D').set('apollo-require-preflight', 'true').expect(200);
    expect(res.body.data).toEqual({ __typename: 'Query' });
  });

  it('refuses a mutation over GET', async () => {
    const query = encodeURIComponent('mutation { submitContactMessage(input: {name: "a", email: "a@b.co", subject: "s", message: "m"}) { id } }');
    const res = await request(app()).get(`/graphql?query=${query}`).set('apollo-require-preflight', 'true');
    expectRefused(res, 405);
    expect(gqlMessage(res)).toMatch(/mutation/i);
  });

  it.each([
    ['a broken query', '%7B'],
    ['a non-JSON variables parameter', '%7B__typename%7D&variables=%7Bnope'],
    ['a query parameter given twice', '%7B__typename%7D&query=%7B__typename%7D'],
  ])('refuses %s', async (_what, qs) => {
    const res = await request(app()).get(`/graphql?query=${qs}`).set('apollo-require-preflight', 'true');
    expectRefused(res, 400);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Methods: anything a path does not answer is a JSON 405 naming what it does
 * ---------------------------------------------------------------------------------------------- */

interface MethodCase {
  method: string;
  path: string;
  allow: string;
}

const READ_ONLY = 'GET, HEAD';
const methodCases: MethodCase[] = [
  { method: 'PROPFIND', path: '/api/articles', allow: READ_ONLY },
  { method: 'DELETE', path: '/', allow: READ_ONLY },
  { method: 'DELETE', path: '/api/articles/1', allow: READ_ONLY },
  { method: 'PUT', path: '/api/articles/1', allow: READ_ONLY },
  { method: 'PATCH', path: '/about', allow: READ_ONLY },
  { method: 'POST', path: '/', allow: READ_ONLY },
  { method: 'POST', path: '/api/articles', allow: READ_ONLY },
  { method: 'POST', path: '/sitemap.xml', allow: READ_ONLY },
  { method: 'POST', path: '/healthz', allow: READ_ONLY },
  { method: 'MKCOL', path: '/media/covers/fallback-1', allow: READ_ONLY },
  { method: 'TRACE', path: '/', allow: READ_ONLY },
  { method: 'LOCK', path: '/api/admin/inquiries', allow: READ_ONLY },
  { method: 'GET', path: '/api/contact', allow: 'POST' },
  { method: 'PUT', path: '/api/contact', allow: 'POST' },
  { method: 'DELETE', path: '/API/Contact/', allow: 'POST' },
  { method: 'DELETE', path: '/graphql', allow: 'GET, HEAD, POST' },
  { method: 'PUT', path: '/graphql', allow: 'GET, HEAD, POST' },
];

describe('methods', () => {
  it.each(methodCases)('$method $path -> 405, Allow: $allow', async ({ method, path, allow }) => {
    for (const app of [t.app, prod.app]) {
      const res = await (request(app) as unknown as Record<string, (path: string) => request.Test>)[method.toLowerCase()](path);
      expectRestProblem(res, 405, new RegExp(`^Method ${method} is not allowed here`));
      expect(res.headers.allow).toBe(allow);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('still answers the methods each path takes', async () => {
    await request(t.app).get('/api/articles?limit=1').expect(200);
    await request(t.app).head('/api/articles').expect(200);
    await request(t.app).post('/api/contact').send(valid).expect(201);
    await request(t.app).post('/graphql').send({ query: '{ __typename }' }).expect(200);
    const options = await request(t.app).options('/api/articles');
    expect(options.status).toBe(200);
    expect(options.headers.allow).toMatch(/GET/);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Request bodies that do not decode, on GraphQL too
 * ---------------------------------------------------------------------------------------------- */

describe('request bodies that do not decode', () => {
  it.each(['gzip', 'deflate', 'br'])('answers a %s body that is not compressed with a generic 400 on /graphql', async (encoding) => {
    for (const app of [t.app, prod.app]) {
      const res = await request(app).post('/graphql').set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('{"query":"{ __typename }"}');
      expectRestProblem(res, 400, /^The request body could not be decoded: it does not match its Content-Encoding$/);
    }
  });
});

/* ------------------------------------------------------------------------------------------------
 * Source maps in production: never served unless SERVE_SOURCE_MAPS asks
 * ---------------------------------------------------------------------------------------------- */

describe('source maps in production', () => {
  it.each(['/assets/boot-abc123.js.map', '/assets/boot-abc123.js.m%61p', '/ASSETS/BOOT.JS.MAP', '/sw.js.map'])('answers %s with a JSON 404', async (path) => {
    expectRestProblem(await request(prod.app).get(path), 404, /^Not found$/);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Pages: request targets and URLs a server render must survive
 * ---------------------------------------------------------------------------------------------- */

const SITE = 'https://news.example.au';
/** Replacement patterns String.replace would expand in a replacement string. */
const PATTERNS = ['$&', "$'", '$`', '$1', '$$', '$<x>'];
/** Every slot a URL can fill: a category slug, an article id, an unknown path, a query. */
const PATTERN_URLS = (p: string) => [`/categories/zz${p}`, `/articles/${p}`, `/no/such/${p}/page`, `/about?q=${p}`, `/?${p}=${p}`, `/categories/edtech?x=${p}`];

/** URL targets a parser may read as another host (item 3). */
const HOSTILE_TARGETS = [
  '//evil.example/x',
  '///evil.example',
  '////evil.example/about',
  '/\\evil.example/a',
  '/\\/evil.example',
  '//evil.example/categories/edtech',
  '//evil.example/articles/1',
  '/%2F%2Fevil.example/x',
  '/%5Cevil.example',
  '/categories/..%2F..%2F%2Fevil.example',
  '/categories/%2F%2Fevil.example',
];

/**
 * No link, meta or data in the body names evil.example as a host: no attribute resolves to it, and
 * no URL in text or JSON-LD (`http://evil.example`, `"//evil.example`) starts with it.
 */
function expectNoForeignUrls(html: string) {
  const foreign = /(?:https?:|["'=(\s,])(?:\/|\\){2,}evil\.example/i;
  expect(html, foreign.exec(html) ? html.slice(Math.max(0, foreign.exec(html)!.index - 80), foreign.exec(html)!.index + 40) : '').not.toMatch(foreign);
  for (const m of html.matchAll(/(?:href|content|src|action)="([^"]*)"/g)) {
    const value = m[1].replace(/&amp;/g, '&').replace(/&#x2F;/gi, '/');
    if (!/^(?:mailto|tel|data):/i.test(value) && /[/\\]/.test(value)) expect(new URL(value, `${SITE}/`).hostname, value).not.toBe('evil.example');
  }
}

/** One document: one html, head and body, one of each head element, the settings block parsing. */
function expectIntactDocument(html: string) {
  const count = (re: RegExp) => html.match(re)?.length ?? 0;
  expect(count(/<html[\s>]/g), 'one <html>').toBe(1);
  expect(count(/<\/html>/g), 'one </html>').toBe(1);
  expect(count(/<head[\s>]/g), 'one <head>').toBe(1);
  expect(count(/<body[\s>]/g), 'one <body>').toBe(1);
  expect(count(/<title[\s>]/g), 'one <title>').toBe(1);
  expect(count(/rel="canonical"/g), 'one canonical').toBe(1);
  expect(count(/id="site-config"/g), 'one settings block').toBe(1);
  expect(html, 'no unfilled slot').not.toMatch(/<!--app-/);
  const settings = /<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(settings ?? 'null')).toMatchObject({ siteUrl: SITE });
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1] ?? '';
  expect(new URL(canonical.replace(/&amp;/g, '&')).origin).toBe(SITE);
}

describe('pages', () => {
  let web: TestApp;
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'production', SITE_URL: SITE, ...LIMITS, PAGE_RATE_LIMIT: '100000' });
    web = await createTestApp({ ...LIMITS, PAGE_RATE_LIMIT: '100000', NODE_ENV: 'production' }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
    const { server, port: p } = await listen(web.app);
    port = p;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await web?.close();
  });

  describe.each(PATTERNS)('replacement pattern %s', (pattern) => {
    it.each(PATTERN_URLS(pattern))('renders %s as one intact document', async (url) => {
      const res = await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: news.example.au`);
      expect([200, 404], res.body.slice(0, 300)).toContain(res.status);
      expectIntactDocument(res.body);
    });
  });

  it('renders an article whose title and excerpt hold every pattern as one intact document, text as written', async () => {
    // URL text reaches the document escaped or percent-encoded; stored text ("raises $1.5M") reaches it verbatim.
    const [latest] = (await request(web.app).get('/api/articles?limit=1')).body;
    const title = `Startup raises $1.5M: $& $' $\` $$ $<x> $0 $10`;
    await web.db.orm.em.getConnection().execute('update "article" set "title" = ?, "excerpt" = ? where "id" = ?', [title, `Excerpt ${title}`, latest.id]);
    const res = await rawRequest(port, `GET /articles/${latest.id} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status).toBe(200);
    expectIntactDocument(res.body);
    const shown = /<title[^>]*>([^<]*)<\/title>/.exec(res.body)?.[1].replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(shown).toContain(title);
  });

  it.each(HOSTILE_TARGETS)('keeps the canonical and every link of %s on the site', async (target) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status, res.body.slice(0, 300)).toBeLessThan(500);
    expect(res.headers.location ?? '').not.toMatch(/evil\.example/);
    if (/html/.test(res.headers['content-type'] ?? '')) expectIntactDocument(res.body);
    expectNoForeignUrls(res.body);
  });

  it.each([
    ['http://evil.example/about', '/about', /Platform Metrics/],
    ['https://evil.example/contact?x=1', '/contact', /Get In Touch/],
    ['http://evil.example//evil2.example/about', null, null],
    ['HTTP://EVIL.EXAMPLE/', '/', /Latest Tech News/],
  ] as const)('routes the absolute-form target %s on its path, never cacheable', async (target, path, content) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status, res.body.slice(0, 300)).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expectNoForeignUrls(res.body.replace(/evil2\.example/g, ''));
    if (path) {
      expect(res.status).toBe(200);
      expect(res.body).toMatch(content!);
      expectIntactDocument(res.body);
      expect(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(res.body)?.[1]).toBe(`${SITE}${path}`);
    }
    // The same path in origin form is still cacheable: only the absolute form is refused a cache.
    if (path) expect((await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: news.example.au`)).headers['cache-control']).toMatch(/public/);
  });

  it.each(['http://evil.example/api/articles?limit=1', 'http://evil.example/rss.xml', 'http://evil.example/sitemap.xml'])('answers the absolute-form %s from its path, no-store', async (target) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).not.toMatch(/evil\.example/);
  });

  it.each(['ftp://evil.example/about', 'ws://evil.example/'])('answers the request target %s with a JSON 400', async (target) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body).message).toMatch(/^Bad request target/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps feed and sitemap links on the site when a stored image path is protocol-relative', async () => {
    const [latest] = (await request(web.app).get('/api/articles?limit=1')).body;
    const connection = web.db.orm.em.getConnection();
    const [{ image_url: before }] = await connection.execute<{ image_url: string }[]>('select "image_url" from "article" where "id" = ?', [latest.id]);
    try {
      for (const stored of ['//evil.example/cover', '/\\evil.example/cover', '///evil.example/cover']) {
        await connection.execute('update "article" set "image_url" = ? where "id" = ?', [stored, latest.id]);
        // A query string of its own: no stored answer from before the change is served.
        for (const path of ['/rss.xml', `/sitemaps/articles.xml`]) {
          const res = await rawRequest(port, `GET ${path}?v=${encodeURIComponent(stored)} HTTP/1.1\r\nHost: news.example.au`);
          expect(res.status, res.body.slice(0, 300)).toBe(200);
          expect(res.body).toContain(`${SITE}/evil.example/cover?w=1200`);
          expect(res.body).not.toMatch(/(?:https?:)?\/\/+evil\.example/i);
        }
      }
    } finally {
      await connection.execute('update "article" set "image_url" = ? where "id" = ?', [before, latest.id]);
    }
  });

  it.each(['evil.example/about', 'javascript:alert(1)', '@evil.example/about', 'mailto:a@evil.example'])('answers the request target %s with 400 (from the HTTP parser or the app)', async (target) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: news.example.au`);
    expect(res.status).toBe(400);
    expect(res.body).not.toMatch(/evil\.example|<html/i);
  });
});
