import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createServices, EDITOR_ROLES, openDatabase, parseDatabaseUrl, ValidationError } from '../index.js';

/**
 * `npm run tokens:create -- --name "Alex Nguyen" [--role editor|admin]`: a named editor token for
 * the database named by DATABASE_URL. The token is printed once, on stdout; only its SHA-256 is
 * stored. Revoke it with `npm run tokens:revoke -- "Alex Nguyen"`.
 */
const { values } = parseArgs({ options: { name: { type: 'string' }, role: { type: 'string', default: 'editor' } } });
if (!values.name) {
  console.error(`Usage: npm run tokens:create -- --name "<name>" [--role ${EDITOR_ROLES.join('|')}]`);
  process.exit(2);
}
const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL), { seed: false });
try {
  const created = await createServices(orm.em.fork()).editors.createToken({ name: values.name, role: values.role });
  console.error(`Created the ${created.role} token "${created.name}". It is shown this once; store it now:`);
  console.log(created.token);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.error(error.fields.map((f) => `${f.field}: ${f.message}`).join('\n') || error.message);
  process.exitCode = 2;
} finally {
  await orm.close(true);
}
