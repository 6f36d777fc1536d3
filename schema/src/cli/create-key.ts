import 'reflect-metadata';
import { createServices, type Orm, openDatabase, parseDatabaseUrl } from '../index.js';
import { createKeyCommand } from './api-key-commands.js';

/**
 * `npm run keys:create -- --name "Acme Media" [--limit 2000]`: a partner API key for the database
 * named by DATABASE_URL. The key is printed once, on stdout; only its SHA-256 is stored. Without
 * --limit the key has the partner default (API_KEY_RATE_LIMIT a minute). Revoke it with
 * `npm run keys:revoke -- "Acme Media"`.
 */
let orm: Orm | null = null;
try {
  const output = await createKeyCommand(process.argv.slice(2), async () => {
    orm = (await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false })).orm;
    return createServices(orm.em.fork());
  });
  for (const line of output.stderr) console.error(line);
  for (const line of output.stdout) console.log(line);
  process.exitCode = output.exitCode;
} finally {
  await (orm as Orm | null)?.close(true);
}
