import { ValidationError } from '../../../schema/src/index.js';

/** Reads an optional positive integer query parameter, naming it when it is malformed. */
export function optionalPositiveInt(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) < 1) {
    throw new ValidationError(`${name} must be a positive integer`, [
      { field: name, message: 'Must be a positive integer' },
    ]);
  }
  return Number(value);
}

export function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new ValidationError(`${name} must be given once, as text`, [{ field: name, message: 'Must be text' }]);
  }
  return value;
}

/**
 * Refuses query parameters a route does not read, naming them and the ones it takes: a misspelt
 * parameter (`cursor` for `after`) would otherwise be ignored silently and answer the wrong page,
 * and on a public read each unique unknown one would be another answer for the response cache to keep.
 */
export function assertKnownParams(query: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !known.includes(name));
  if (!unknown.length) return;
  const plural = unknown.length > 1 ? 's' : '';
  // A name is at most 64 characters in the answer: the client sent the rest.
  const named = unknown.slice(0, 5).map((name) => (name.length > 64 ? `${name.slice(0, 64)}…` : name));
  const takes = known.length ? `this list takes ${known.join(', ')}` : 'this resource takes none';
  throw new ValidationError(
    `Unknown query parameter${plural}: ${named.join(', ')}${unknown.length > named.length ? ', …' : ''} (${takes})`,
    named.map((field) => ({ field, message: known.length ? `Unknown query parameter; use one of: ${known.join(', ')}` : 'Unknown query parameter; this resource takes none' })),
  );
}
