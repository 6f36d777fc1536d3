import 'reflect-metadata';
import { createServices, type Orm, openDatabase, parseDatabaseUrl } from '../index.js';
import { revokeKeyCommand } from './api-key-commands.js';

/**
 * `npm run keys:revoke -- "Acme Media"`: revokes the active partner API key of that name (any
 * case). Requests with it answer 401 from then on; its usage stays in the owner's list.
 */
let orm: Orm | null = null;
try {
  const output = await revokeKeyCommand(process.argv.slice(2), async () => {
    orm = (await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false })).orm;
    return createServices(orm.em.fork());
  });
  for (const line of output.stderr) console.error(line);
  for (const line of output.stdout) console.log(line);
  process.exitCode = output.exitCode;
} finally {
  await (orm as Orm | null)?.close(true);
}
