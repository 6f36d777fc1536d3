import { ValidationError } from './errors.js';

/** Keyset cursor over (date desc, id desc): opaque to clients, stable across inserts. */
export interface KeysetCursor {
  at: Date;
  id: number;
}

export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string, argument = 'after'): KeysetCursor {
  const problem = () =>
    new ValidationError(`${argument} is not a valid cursor`, [
      { field: argument, message: 'Use the endCursor of a previous page' },
    ]);
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw problem();
  const [iso, idText, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const id = Number(idText);
  const year = at.getUTCFullYear();
  if (rest.length || Number.isNaN(at.getTime()) || year < 1970 || year > 9999 || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw problem();
  }
  return { at, id };
}
