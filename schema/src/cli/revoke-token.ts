import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createServices, NotFoundError, openDatabase, parseDatabaseUrl, ValidationError } from '../index.js';

/**
 * `npm run tokens:revoke -- "Alex Nguyen"`: revokes the active editor token of that name (any
 * case). Requests with it answer 401 from then on; its revisions keep the name.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const name = positionals.join(' ').trim();
if (!name) {
  console.error('Usage: npm run tokens:revoke -- "<name>"');
  process.exit(2);
}
const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false });
try {
  const revoked = await createServices(orm.em.fork()).editors.revokeToken(name);
  console.error(`Revoked the ${revoked.role} token "${revoked.name}".`);
} catch (error) {
  if (!(error instanceof ValidationError || error instanceof NotFoundError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await orm.close(true);
}
