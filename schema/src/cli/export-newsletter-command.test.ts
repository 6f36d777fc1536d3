import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { NewsletterSubscriber } from '../modules/newsletter/newsletter.entities.js';
import type { NewsletterFrequency } from '../modules/newsletter/newsletter-options.js';
import { exportNewsletterCommand, NEWSLETTER_EXPORT_USAGE } from './export-newsletter-command.js';

/** `npm run newsletter:export`, as the owner runs it, on PGlite (or PostgreSQL with TEST_DATABASE_URL). */
let db: TestDatabase;
let folder: string;
let opened = 0;
const services = async () => {
  opened += 1;
  return createServices(db.orm.em.fork());
};
const HEADER = '"address","lists","confirmedAt"';

async function subscriber(email: string, frequency: NewsletterFrequency, confirmedAt: Date | null, unsubscribedAt: Date | null = null) {
  const em = db.orm.em.fork();
  em.create(NewsletterSubscriber, { email, categories: [], frequency, consentAt: new Date('2030-01-01T00:00:00Z'), consentPage: '/newsletter', confirmedAt, unsubscribedAt, confirmNonce: null, confirmSentAt: null });
  await em.flush();
}

async function toText(argv: string[], pageSize?: number) {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const output = await exportNewsletterCommand(argv, services, stdout, pageSize);
  return { ...output, text: Buffer.concat(chunks).toString('utf8'), ended: stdout.writableEnded };
}

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  folder = await mkdtemp(join(tmpdir(), 'newsletter-export-'));
  await subscriber('daily@example.com.au', 'daily', new Date('2030-02-01T01:02:03.000Z'));
  await subscriber('weekly@example.com.au', 'weekly', new Date('2030-02-02T00:00:00.000Z'));
  await subscriber('both@example.com.au', 'both', new Date('2030-02-03T00:00:00.000Z'));
  await subscriber('pending@example.com.au', 'daily', null);
  await subscriber('gone@example.com.au', 'daily', new Date('2030-02-04T00:00:00.000Z'), new Date('2030-02-05T00:00:00.000Z'));
  // Valid as an address, and a formula to a spreadsheet.
  await subscriber('=cmd|calc@example.com', 'weekly', new Date('2030-02-06T00:00:00.000Z'));
});
afterAll(async () => {
  await db.close();
  await rm(folder, { recursive: true, force: true });
});

const EXPECTED = [
  HEADER,
  '"daily@example.com.au","daily","2030-02-01T01:02:03.000Z"',
  '"weekly@example.com.au","weekly","2030-02-02T00:00:00.000Z"',
  '"both@example.com.au","daily;weekly","2030-02-03T00:00:00.000Z"',
  `"'=cmd|calc@example.com","weekly","2030-02-06T00:00:00.000Z"`,
  '',
].join('\n');

describe('newsletter:export', () => {
  it('writes confirmed subscribers still subscribed to stdout: address, lists, confirmed at; the pending and the unsubscribed are left out, a formula neutralised', async () => {
    const output = await toText([]);
    expect(output).toMatchObject({ exitCode: 0, stderr: [] });
    expect(output.text).toBe(EXPECTED);
    // Standard output is left open.
    expect(output.ended).toBe(false);
  });

  it('reads a page at a time and writes each subscriber once', async () => {
    expect((await toText([], 2)).text).toBe(EXPECTED);
    expect((await toText([], 1)).text).toBe(EXPECTED);
  });

  it('writes the file named by --out, and says how many it wrote', async () => {
    const file = join(folder, 'subscribers.csv');
    const output = await toText(['--out', file]);
    expect(output).toMatchObject({ exitCode: 0, stderr: [`Wrote 4 confirmed subscribers to ${file}`], text: '' });
    expect(await readFile(file, 'utf8')).toBe(EXPECTED);
  });

  it('refuses an unknown option or an empty --out with exit 2 and the usage, before opening the database', async () => {
    const before = opened;
    const unknown = await toText(['--format', 'xlsx']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr[0]).toMatch(/--format/);
    expect(unknown.stderr[1]).toBe(NEWSLETTER_EXPORT_USAGE);
    expect(await toText(['--out', ' '])).toMatchObject({ exitCode: 2, stderr: ['--out must name a file', NEWSLETTER_EXPORT_USAGE] });
    expect(await toText(['extra'])).toMatchObject({ exitCode: 2 });
    expect(opened).toBe(before);
  });
});
