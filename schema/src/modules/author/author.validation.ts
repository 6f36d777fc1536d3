import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { definedOnly, fieldProblems, invalidMessage, objectError, requiredText } from '../../lib/validation.js';

/** Longest value of each field, in characters. */
export const AUTHOR_LIMITS = { name: 120, slug: 80, role: 120, bio: 2_000, url: 300, fediverseHandle: 200, photoUrl: 500, categories: 12 } as const;

/** Something that looks like an HTML tag or entity: profiles are plain text, shown as text. */
const MARKUP = /<[a-z!/?]|&[a-z#][a-z0-9]*;/i;

/** Plain text without markup; the field is named in the refusal. */
export function plainText(label: string, max: number, options: { singleLine: boolean }) {
  return requiredText(label, max, options).refine((value) => !MARKUP.test(value), `${label} must be plain text, without HTML`);
}

/** https only: a profile link opens from the site, and a javascript: or http: link has no place there. Empty clears it. */
function httpsUrl(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(AUTHOR_LIMITS.url, `${label} must be at most ${AUTHOR_LIMITS.url} characters`)
    .refine((value) => value === '' || isHttpsUrl(value), `${label} must be an https:// address`)
    .transform((value) => value || null)
    .nullable();
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** "@name@server.example": a fediverse account, as `fediverse:creator` takes it. */
const FEDIVERSE_HANDLE = /^@[A-Za-z0-9_.-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

const fediverseHandle = z
  .string({ error: 'Fediverse handle must be text' })
  .trim()
  .max(AUTHOR_LIMITS.fediverseHandle, `Fediverse handle must be at most ${AUTHOR_LIMITS.fediverseHandle} characters`)
  .refine((value) => value === '' || FEDIVERSE_HANDLE.test(value), 'Fediverse handle must look like @name@server.example')
  .transform((value) => value || null)
  .nullable();

/** A site-relative picture (an uploaded or generated one) or an https address; empty: generated art. */
const photoUrl = z
  .string({ error: 'Photo URL must be text' })
  .trim()
  .max(AUTHOR_LIMITS.photoUrl, `Photo URL must be at most ${AUTHOR_LIMITS.photoUrl} characters`)
  .refine((value) => value === '' || /^\/media\/[A-Za-z0-9/_.?=&-]+$/.test(value) || isHttpsUrl(value), 'Photo URL must be a /media/ path or an https:// address')
  .transform((value) => value || null)
  .nullable();

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(AUTHOR_LIMITS.slug, `Slug must be at most ${AUTHOR_LIMITS.slug} characters`)
  .regex(SLUG, 'Slug must be lower-case words joined by hyphens, e.g. daniel-huynh');

const categorySlugs = z
  .array(z.string().trim().toLowerCase().max(AUTHOR_LIMITS.slug, `A category slug is at most ${AUTHOR_LIMITS.slug} characters`).regex(SLUG, 'Categories must be category slugs'), {
    error: 'Categories must be a list of category slugs',
  })
  .max(AUTHOR_LIMITS.categories, `At most ${AUTHOR_LIMITS.categories} categories`);

const fields = {
  name: plainText('Name', AUTHOR_LIMITS.name, { singleLine: true }),
  slug,
  role: plainText('Role', AUTHOR_LIMITS.role, { singleLine: true }),
  bio: plainText('Bio', AUTHOR_LIMITS.bio, { singleLine: false }),
  photoUrl,
  categorySlugs,
  linkedinUrl: httpsUrl('LinkedIn URL'),
  websiteUrl: httpsUrl('Website URL'),
  fediverseHandle,
};

const createSchema = z.strictObject(
  {
    ...fields,
    slug: slug.optional(),
    photoUrl: photoUrl.optional(),
    categorySlugs: categorySlugs.default([]),
    linkedinUrl: fields.linkedinUrl.optional(),
    websiteUrl: fields.websiteUrl.optional(),
    fediverseHandle: fediverseHandle.optional(),
  },
  objectError('author'),
);
const updateSchema = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> },
  objectError('author'),
);

export type AuthorCreateInput = z.infer<typeof createSchema>;
export type AuthorUpdateInput = z.infer<typeof updateSchema>;

/** A slug from a name: its letters and digits, lower case, joined by hyphens (the byline migration's rule). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, AUTHOR_LIMITS.slug)
    .replace(/-+$/, '');
}

/** The one author rule set, for GraphQL and REST alike; every offending field is named. */
export function validateAuthorInput(raw: unknown, mode: 'create'): AuthorCreateInput;
export function validateAuthorInput(raw: unknown, mode: 'update'): AuthorUpdateInput;
export function validateAuthorInput(raw: unknown, mode: 'create' | 'update'): AuthorCreateInput | AuthorUpdateInput {
  const input = definedOnly(raw);
  const parsed = mode === 'create' ? createSchema.safeParse(input) : updateSchema.safeParse(input);
  const problems: FieldProblem[] = parsed.success ? [] : fieldProblems(parsed.error);
  if (parsed.success && mode === 'update' && Object.keys(parsed.data).length === 0) {
    problems.push({ field: 'body', message: 'Send at least one field to change' });
  }
  if (problems.length || !parsed.success) throw new ValidationError(invalidMessage('author', problems), problems);
  return parsed.data;
}
