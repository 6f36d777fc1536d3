import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';

/**
 * A person who writes for the site. Articles keep their byline as text (existing clients read it);
 * the byline is the author's name, so an article's author is the one whose name it carries
 * (decision 090). Renaming an author rewrites their bylines in the same transaction.
 */
const AuthorSchema = defineEntity({
  name: 'Author',
  tableName: 'author',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(80).unique(),
    name: p.string().length(120).unique(),
    /** E.g. "Senior Reporter, Security". */
    role: p.string().length(120),
    /** Plain text, a paragraph or two. */
    bio: p.text(),
    /** Site-relative or https picture; null: generated art from the slug. */
    photoUrl: p.string().length(500).nullable(),
    /** Slugs of the categories they cover, in their order. */
    categorySlugs: p.array().default([]),
    linkedinUrl: p.string().length(300).nullable(),
    websiteUrl: p.string().length(300).nullable(),
    /** "@name@example.social". */
    fediverseHandle: p.string().length(200).nullable(),
    ...timestamps,
  },
});

export class Author extends AuthorSchema.class {}
AuthorSchema.setClass(Author);
export { AuthorSchema };
