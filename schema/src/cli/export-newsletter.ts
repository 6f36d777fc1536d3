import 'reflect-metadata';
import { createServices, openDatabase, type Orm, parseDatabaseUrl } from '../index.js';
import { exportNewsletterCommand } from './export-newsletter-command.js';

/**
 * `npm run newsletter:export -- [--out subscribers.csv]`: the confirmed subscribers of the database
 * named by DATABASE_URL as CSV (address, lists, confirmed at), to stdout without --out.
 */
let orm: Orm | null = null;
try {
  const output = await exportNewsletterCommand(process.argv.slice(2), async () => {
    ({ orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false }));
    return createServices(orm.em.fork());
  }, process.stdout);
  for (const line of output.stderr) console.error(line);
  process.exitCode = output.exitCode;
} catch (error) {
  console.error(`Export failed: ${(error as Error).message.split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  await (orm as Orm | null)?.close(true);
}
