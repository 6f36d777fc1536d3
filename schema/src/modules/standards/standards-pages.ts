import { type FieldProblem, ValidationError } from '../../lib/errors.js';

/**
 * The standards pages the owner may edit, by their path without the slash. The web app holds each
 * page's title and the text it shows when nothing is stored (web/src/features/standards/standards-pages.ts);
 * gateway/src/rest/standards-pages.routes.test.ts renders every slug here as a page.
 */
export const STANDARDS_PAGE_SLUGS = ['editorial-standards', 'corrections-policy', 'ownership', 'ai-policy'] as const;
export type StandardsPageSlug = (typeof STANDARDS_PAGE_SLUGS)[number];

/** Longest text of a page, in characters: the longest page kept with the code is about 2,500. */
export const MAX_STANDARDS_MARKDOWN_LENGTH = 50_000;

export function isStandardsPageSlug(value: unknown): value is StandardsPageSlug {
  return typeof value === 'string' && (STANDARDS_PAGE_SLUGS as readonly string[]).includes(value);
}

/** A page named by a client: one of STANDARDS_PAGE_SLUGS, else a 400 naming `field`. */
export function parseStandardsPageSlug(raw: unknown, field = 'slug'): StandardsPageSlug {
  if (isStandardsPageSlug(raw)) return raw;
  const problem: FieldProblem = { field, message: `Unknown standards page: use one of ${STANDARDS_PAGE_SLUGS.join(', ')}` };
  throw new ValidationError(`Invalid standards page: ${field}`, [problem]);
}
