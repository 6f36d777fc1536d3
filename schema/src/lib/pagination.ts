import { raw, type EntityManager, type EntityName, type FilterQuery, type FindOptions } from '@mikro-orm/core';
import { Directive, Field, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from './cache-hints.js';
import { ValidationError } from './errors.js';

/**
 * Pagination of every list: page sizes, opaque keyset cursors, the keyset query and the Relay
 * connection built from a page. Lists are newest first on (timestamp, id).
 */

// ---------------------------------------------------------------------------
// Page sizes

/** No page is larger; larger requests are capped to it. */
export const MAX_PAGE_SIZE = 100;
/** Articles per page when the client does not say. */
export const DEFAULT_PAGE_SIZE = 20;
/** Inquiries per page of the owner's list when the client does not say. */
export const DEFAULT_INQUIRY_PAGE_SIZE = 50;

/** null/undefined: the fallback; below 1 or not an integer: a client error; above the maximum: capped. */
export function clampPageSize(first: number | null | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  if (first === null || first === undefined) return fallback;
  if (!Number.isInteger(first) || first < 1) {
    throw new ValidationError('first must be a positive integer', [
      { field: 'first', message: `Must be between 1 and ${MAX_PAGE_SIZE}` },
    ]);
  }
  return Math.min(first, MAX_PAGE_SIZE);
}

// ---------------------------------------------------------------------------
// Cursors

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

// ---------------------------------------------------------------------------
// Keyset pages

/** One page of a list, with the cursor of each node. */
export interface Page<T> {
  nodes: T[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** What a client asks of a list: a page size and the endCursor of the previous page. */
export interface PageQuery {
  first?: number | null;
  after?: string | null;
}

/** Newest first on a timestamp, ties broken by id (the order of every keyset list). */
export function newestFirst<Entity extends object>(timestamp: keyof Entity & string) {
  return [{ [timestamp]: 'desc' }, { id: 'desc' }] as unknown as NonNullable<FindOptions<Entity>['orderBy']>;
}

export interface KeysetPageOptions<Entity extends { id: number }, View> extends PageQuery {
  /** The timestamp property the list is ordered by, newest first. */
  orderedBy: keyof Entity & string;
  /** Page size when the query does not give one. */
  defaultSize?: number;
  /** Filters, combined with AND. */
  where?: FilterQuery<Entity>[];
  /** Relations loaded with the rows, e.g. ['category']. */
  populate?: readonly string[];
  toView(row: Entity): View;
}

/**
 * A page newest first, keyset-paginated on (timestamp, id): stable across inserts and
 * index-backed at any depth. The cursor condition is the row-value comparison
 * `(timestamp, id) < (?, ?)`, which PostgreSQL answers with one range scan of a (timestamp, id)
 * index, where the equivalent OR of two conditions would not use it.
 */
export async function findKeysetPage<Entity extends { id: number }, View>(
  em: EntityManager,
  entityName: EntityName<Entity>,
  options: KeysetPageOptions<Entity, View>,
): Promise<Page<View>> {
  const size = clampPageSize(options.first, options.defaultSize);
  const where = [...(options.where ?? [])];
  if (options.after) {
    const { at, id } = decodeCursor(options.after);
    where.push({ [raw([options.orderedBy, 'id'] as string[])]: { $lt: [at, id] } } as FilterQuery<Entity>);
  }
  const filter = (where.length ? { $and: where } : {}) as FilterQuery<Entity>;
  const findOptions = { orderBy: newestFirst<Entity>(options.orderedBy), limit: size + 1, populate: options.populate };
  // MikroORM types filters and populate hints per concrete entity (its indexes and relations);
  // this generic helper cannot name those types and passes the values through.
  const rows = (await em.find(entityName, filter as never, findOptions as never)) as Entity[];
  const page = toKeysetPage(rows, size, options.after, (row) => row[options.orderedBy] as Date);
  return { ...page, nodes: page.nodes.map((row) => options.toView(row)) };
}

/** A page from the `size + 1` newest rows a keyset query read (one more tells there is a next page). */
export function toKeysetPage<Row extends { id: number }>(rows: Row[], size: number, after: string | null | undefined, at: (row: Row) => Date): Page<Row> {
  const nodes = rows.slice(0, size);
  return {
    nodes,
    cursors: nodes.map((row) => encodeCursor(at(row), row.id)),
    hasNextPage: rows.length > size,
    hasPreviousPage: Boolean(after),
  };
}

// ---------------------------------------------------------------------------
// Connections

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('PageInfo')
export class PageInfoType {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean)
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

/** A page as a Relay connection: edges, the nodes on their own, and the page info. */
export interface Connection<T> {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: PageInfoType;
}

export function toConnection<T>(page: Page<T>): Connection<T> {
  return {
    edges: page.nodes.map((node, i) => ({ node, cursor: page.cursors[i] })),
    nodes: page.nodes,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors.at(-1) ?? null,
    },
  };
}
