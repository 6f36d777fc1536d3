import { createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Services } from '../runtime/services.js';
import { subscribersToCsv } from '../modules/newsletter/subscriber-csv.js';

export const NEWSLETTER_EXPORT_USAGE = 'Usage: npm run newsletter:export -- [--out subscribers.csv]';

/** Subscribers read and written per page: memory holds one page, however many there are. */
export const EXPORT_PAGE = 1_000;

export interface ExportCommandOutput {
  exitCode: number;
  /** What went where, or why nothing was written: one line each. */
  stderr: string[];
}

/**
 * `newsletter:export -- [--out file]`: confirmed subscribers still subscribed (address, lists,
 * confirmed at) as CSV, oldest subscriber first, to stdout or the file. Wrong arguments are one
 * line and exit 2, before the database is opened.
 */
export async function exportNewsletterCommand(argv: string[], openServices: () => Promise<Services>, stdout: Writable, pageSize = EXPORT_PAGE): Promise<ExportCommandOutput> {
  let out: string | undefined;
  try {
    ({ out } = parseArgs({ args: argv, options: { out: { type: 'string' } }, strict: true, allowPositionals: false }).values);
  } catch (error) {
    return { exitCode: 2, stderr: [`${(error as Error).message.split('\n')[0]}`, NEWSLETTER_EXPORT_USAGE] };
  }
  if (out !== undefined && !out.trim()) return { exitCode: 2, stderr: ['--out must name a file', NEWSLETTER_EXPORT_USAGE] };
  const newsletter = (await openServices()).newsletter;
  let count = 0;
  async function* csv() {
    let after = 0;
    yield subscribersToCsv([], { header: true });
    for (;;) {
      const page = await newsletter.confirmedPage(after, pageSize);
      if (!page.length) return;
      count += page.length;
      after = page[page.length - 1].id;
      yield subscribersToCsv(page, { header: false });
    }
  }
  if (out === undefined) {
    // Standard output stays open for whoever wrote before or after.
    await pipeline(Readable.from(csv()), stdout, { end: false });
    return { exitCode: 0, stderr: [] };
  }
  await pipeline(Readable.from(csv()), createWriteStream(out));
  return { exitCode: 0, stderr: [`Wrote ${count} confirmed subscribers to ${out}`] };
}
