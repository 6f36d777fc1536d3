import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../lib/database-target.js';
import { openDatabase } from '../lib/database.js';
import { INQUIRY_TYPES, type InquiryTypeValue } from '../modules/contact/contact-message.entity.js';
import { ContactService, type InquiryView } from '../modules/contact/contact.service.js';
import { inquiriesToCsv } from '../modules/contact/inquiry-csv.js';

/**
 * `npm run inquiries:export -- [--out inquiries.csv] [--type domain]`: every stored inquiry as
 * CSV, newest first, from the database named by DATABASE_URL (stdout without --out).
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, type: { type: 'string' } } });
if (values.type && !INQUIRY_TYPES.includes(values.type as InquiryTypeValue)) {
  console.error(`--type must be one of: ${INQUIRY_TYPES.join(', ')}`);
  process.exit(2);
}
const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false });
try {
  const service = new ContactService(orm.em.fork());
  const all: InquiryView[] = [];
  let after: string | undefined;
  do {
    const page = await service.list({ first: 100, after, type: values.type as InquiryTypeValue | undefined });
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
