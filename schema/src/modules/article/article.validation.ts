import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { dateTime, definedOnly, fieldProblems, invalidMessage, isWebUrl, objectError, requiredText } from '../../lib/validation.js';
import type { CategoryService, CategoryView } from '../category/category.service.js';
import { ARTICLE_KINDS, type ArticleKindValue, DEFAULT_ARTICLE_KIND } from './article-kinds.js';
import { ARTICLE_STATUSES, type ArticleStatusValue, DEFAULT_ARTICLE_STATUS } from './article-status.js';

/** Longest value of each text field, in characters. */
export const ARTICLE_LIMITS = { title: 200, excerpt: 1_000, content: 50_000, author: 120, sourceUrl: 500, category: 80, sponsorName: 120 } as const;

const text = (field: 'title' | 'excerpt' | 'content' | 'author', label: string, options: { singleLine: boolean }) =>
  requiredText(label, ARTICLE_LIMITS[field], options);

const category = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Category is required' : 'Category must be text') })
  .trim()
  .toLowerCase()
  .min(1, 'Category is required')
  .max(ARTICLE_LIMITS.category, 'Category must be a category slug, e.g. cybersecurity')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Category must be a category slug, e.g. cybersecurity');

/** http(s) only: a javascript: or data: link would run in readers' browsers. Empty clears it. */
const sourceUrl = z
  .string({ error: 'Source URL must be text' })
  .trim()
  .max(ARTICLE_LIMITS.sourceUrl, `Source URL must be at most ${ARTICLE_LIMITS.sourceUrl} characters`)
  .refine((value) => value === '' || isWebUrl(value), 'Source URL must be an http:// or https:// address')
  .transform((value) => value || null)
  .nullable();

/** A date and time; null (or absent on create) means now. */
const publishedAt = dateTime('publishedAt');

const status = z.enum(ARTICLE_STATUSES, { error: `Status must be one of: ${ARTICLE_STATUSES.join(', ')}` });
const isBreaking = z.boolean({ error: 'isBreaking must be true or false' });
const kind = z.enum(ARTICLE_KINDS, { error: `Kind must be one of: ${ARTICLE_KINDS.join(', ')}` });
/** Empty clears it. */
const sponsorName = z
  .string({ error: 'Sponsor name must be text' })
  .trim()
  .max(ARTICLE_LIMITS.sponsorName, `Sponsor name must be at most ${ARTICLE_LIMITS.sponsorName} characters`)
  .refine((value) => !/[<>]/.test(value), 'Sponsor name must be plain text')
  .transform((value) => value || null)
  .nullable();

const createSchema = z.strictObject(
  {
    title: text('title', 'Title', { singleLine: true }),
    excerpt: text('excerpt', 'Excerpt', { singleLine: false }),
    content: text('content', 'Content', { singleLine: false }),
    category,
    author: text('author', 'Author', { singleLine: true }),
    sourceUrl: sourceUrl.optional(),
    isBreaking: isBreaking.default(false),
    publishedAt: publishedAt.optional(),
    status: status.default(DEFAULT_ARTICLE_STATUS),
    kind: kind.default(DEFAULT_ARTICLE_KIND),
    sponsorName: sponsorName.optional(),
  },
  objectError('article'),
);

const updateSchema = z.strictObject(
  {
    title: text('title', 'Title', { singleLine: true }).optional(),
    excerpt: text('excerpt', 'Excerpt', { singleLine: false }).optional(),
    content: text('content', 'Content', { singleLine: false }).optional(),
    category: category.optional(),
    author: text('author', 'Author', { singleLine: true }).optional(),
    sourceUrl: sourceUrl.optional(),
    isBreaking: isBreaking.optional(),
    publishedAt: publishedAt.optional(),
    status: status.optional(),
    kind: kind.optional(),
    sponsorName: sponsorName.optional(),
  },
  objectError('article'),
);

/** A new article, validated: its category found, publishedAt null when it means now. */
export interface ArticleCreateInput {
  title: string;
  excerpt: string;
  content: string;
  category: CategoryView;
  author: string;
  sourceUrl: string | null;
  isBreaking: boolean;
  publishedAt: Date | null;
  status: ArticleStatusValue;
  kind: ArticleKindValue;
  sponsorName?: string | null;
}

/** The fields an update sends, validated; absent fields stay as they are. */
export type ArticleUpdateInput = Partial<ArticleCreateInput>;

/**
 * The one article rule set, for GraphQL and REST alike: required fields, lengths, single-line
 * fields, http(s) source URLs, dates, status, unknown fields, and a category that exists. Every
 * offending field is named in one ValidationError.
 */
export async function validateArticleInput(raw: unknown, mode: 'create', categories: CategoryService): Promise<ArticleCreateInput>;
export async function validateArticleInput(raw: unknown, mode: 'update', categories: CategoryService): Promise<ArticleUpdateInput>;
export async function validateArticleInput(
  raw: unknown,
  mode: 'create' | 'update',
  categories: CategoryService,
): Promise<ArticleCreateInput | ArticleUpdateInput> {
  const input = definedOnly(raw);
  const parsed = mode === 'create' ? createSchema.safeParse(input) : updateSchema.safeParse(input);
  const problems: FieldProblem[] = parsed.success ? [] : fieldProblems(parsed.error);
  const slug = parsed.success ? parsed.data.category : categorySlugOf(input);
  let found: CategoryView | null = null;
  if (slug !== undefined) {
    found = await categories.findBySlug(slug);
    if (!found) problems.push({ field: 'category', message: `Unknown category "${slug.slice(0, 80)}": use the slug of an existing category` });
  }
  if (parsed.success && mode === 'update' && Object.keys(parsed.data).length === 0) {
    problems.push({ field: 'body', message: 'Send at least one field to change' });
  }
  // A sponsored article says whose it is (checked again against the stored article on update).
  if (parsed.success && parsed.data.kind === 'sponsored' && !parsed.data.sponsorName && (mode === 'create' || parsed.data.sponsorName === null)) {
    problems.push({ field: 'sponsorName', message: 'A sponsored article names its sponsor' });
  }
  if (problems.length || !parsed.success) throw new ValidationError(invalidMessage('article', problems), problems);
  const { category: _slug, ...rest } = parsed.data;
  return { ...rest, ...(found ? { category: found } : {}) } as ArticleCreateInput | ArticleUpdateInput;
}

/** The category of an input that failed other rules, when it is itself well-formed: checked too. */
function categorySlugOf(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const result = category.safeParse((input as Record<string, unknown>).category);
  return result.success ? result.data : undefined;
}
