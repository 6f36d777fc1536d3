import 'reflect-metadata';
import { createServices, openDatabase, type Orm, parseDatabaseUrl } from '../index.js';
import { ingestCommand } from './ingest-command.js';

/**
 * `npm run ingest -- <url-or-file> [--category <slug>] [--publish]`: an RSS 2.0 or Atom feed's
 * items become articles (drafts unless --publish) in the database named by DATABASE_URL
 * (decision 022). The summary goes to stdout; bad input is one line on stderr and exit 1.
 */
let orm: Orm | null = null;
try {
  const output = await ingestCommand(process.argv.slice(2), async () => {
    ({ orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL)));
    return createServices(orm.em.fork());
  });
  for (const line of output.stdout) console.log(line);
  for (const line of output.stderr) console.error(line);
  process.exitCode = output.exitCode;
} catch (error) {
  // The database could not be opened (or closed): still one line, no stack trace.
  console.error(`Ingestion failed: ${(error as Error).message.split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  await (orm as Orm | null)?.close(true);
}
