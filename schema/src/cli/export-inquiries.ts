import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createServices, INQUIRY_TYPES, inquiriesToCsv, type InquiryView, isInquiryType, MAX_PAGE_SIZE, openDatabase, parseDatabaseUrl } from '../index.js';

/**
 * `npm run inquiries:export -- [--out inquiries.csv] [--type domain]`: every stored inquiry as
 * CSV, newest first, from the database named by DATABASE_URL (stdout without --out).
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, type: { type: 'string' } } });
const type = values.type || undefined;
if (type !== undefined && !isInquiryType(type)) {
  console.error(`--type must be one of: ${INQUIRY_TYPES.join(', ')}`);
  process.exit(2);
}
const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false });
try {
  const service = createServices(orm.em.fork()).contact;
  const all: InquiryView[] = [];
  let after: string | undefined;
  do {
    const page = await service.list({ first: MAX_PAGE_SIZE, after, type });
    all.push(...page.nodes);
    after = page.hasNextPage ? page.cursors.at(-1) : undefined;
  } while (after);
  const csv = inquiriesToCsv(all);
  if (values.out) {
    await writeFile(values.out, csv);
    console.error(`Wrote ${all.length} inquiries to ${values.out}`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await orm.close(true);
}
