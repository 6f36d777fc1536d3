import { ValidationError } from './errors.js';

/** Keyset cursor over (publishedAt desc, id desc): opaque to clients, stable across inserts. */
export interface ArticleCursor {
  publishedAt: Date;
  id: number;
}

export function encodeCursor(cursor: ArticleCursor): string {
  return Buffer.from(`${cursor.publishedAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string, argument = 'after'): ArticleCursor {
  const problem = () =>
    new ValidationError(`${argument} is not a valid cursor`, [
      { field: argument, message: 'Use the endCursor of a previous page' },
    ]);
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) throw problem();
  const [iso, idText, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const publishedAt = new Date(iso ?? '');
  const id = Number(idText);
  if (rest.length || Number.isNaN(publishedAt.getTime()) || !Number.isSafeInteger(id) || id < 1) {
    throw problem();
  }
  return { publishedAt, id };
}
