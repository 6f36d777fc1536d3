import { parseArgs } from 'node:util';
import { NotFoundError, type Services, ValidationError } from '../index.js';

/** What a command printed and how it ended; the CLI entries write it out, tests read it. */
export interface CommandOutput {
  exitCode: number;
  /** For scripts: the key, and nothing else. */
  stdout: string[];
  /** For people: what happened. */
  stderr: string[];
}

export const CREATE_KEY_USAGE = 'Usage: npm run keys:create -- --name "<partner>" [--limit <requests a minute>]';
export const REVOKE_KEY_USAGE = 'Usage: npm run keys:revoke -- "<partner>"';

const problemsOf = (error: ValidationError) => (error.fields.length ? error.fields.map((f) => f.message) : [error.message]);

/**
 * `keys:create -- --name "<partner>" [--limit <n>]`: the key on stdout, once. The database is
 * opened only once the arguments make sense.
 */
export async function createKeyCommand(argv: readonly string[], services: () => Promise<Pick<Services, 'apiKeys'>>): Promise<CommandOutput> {
  let values: { name?: string; limit?: string };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { name: { type: 'string' }, limit: { type: 'string' } } }));
  } catch (error) {
    return { exitCode: 2, stdout: [], stderr: [(error as Error).message, CREATE_KEY_USAGE] };
  }
  if (!values.name?.trim()) return { exitCode: 2, stdout: [], stderr: [CREATE_KEY_USAGE] };
  const limitPerMinute = values.limit === undefined ? null : /^\s*\d+\s*$/.test(values.limit) ? Number(values.limit) : Number.NaN;
  try {
    const created = await (await services()).apiKeys.createKey({ name: values.name, limitPerMinute });
    const limit = created.limitPerMinute === null ? 'the partner default limit (API_KEY_RATE_LIMIT)' : `${created.limitPerMinute} requests a minute`;
    return {
      exitCode: 0,
      stdout: [created.key],
      stderr: [`Created the API key "${created.name}" (${created.prefix}…, ${limit}). It is shown this once; hand it to the partner now:`],
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { exitCode: 2, stdout: [], stderr: problemsOf(error) };
  }
}

/** `keys:revoke -- "<partner>"`: the active key of that name answers 401 from then on. */
export async function revokeKeyCommand(argv: readonly string[], services: () => Promise<Pick<Services, 'apiKeys'>>): Promise<CommandOutput> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: {} }));
  } catch (error) {
    return { exitCode: 2, stdout: [], stderr: [(error as Error).message, REVOKE_KEY_USAGE] };
  }
  const name = positionals.join(' ').trim();
  if (!name) return { exitCode: 2, stdout: [], stderr: [REVOKE_KEY_USAGE] };
  try {
    const revoked = await (await services()).apiKeys.revokeKey(name);
    return { exitCode: 0, stdout: [], stderr: [`Revoked the API key "${revoked.name}" (${revoked.prefix}…). Requests with it answer 401 from now on.`] };
  } catch (error) {
    if (error instanceof ValidationError) return { exitCode: 2, stdout: [], stderr: problemsOf(error) };
    if (error instanceof NotFoundError) return { exitCode: 1, stdout: [], stderr: [error.message] };
    throw error;
  }
}
