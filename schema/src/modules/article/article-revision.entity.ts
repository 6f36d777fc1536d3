import { defineEntity, p } from '@mikro-orm/core';

/** What a revision did to its article. */
export const REVISION_ACTIONS = ['create', 'update', 'unpublish', 'delete'] as const;
export type RevisionActionValue = (typeof REVISION_ACTIONS)[number];

/** One changed field: its value before and after (null when it had none, or has none now). */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/**
 * Every change to an article, kept: who made it (the editor token's name, `owner` for
 * ADMIN_TOKEN), when, and the fields it changed with their values before and after. The
 * article id is not a foreign key: the history of a deleted article stays.
 */
const ArticleRevisionSchema = defineEntity({
  name: 'ArticleRevision',
  tableName: 'article_revision',
  properties: {
    id: p.integer().primary(),
    articleId: p.integer(),
    editor: p.string().length(80),
    action: p.enum(REVISION_ACTIONS),
    changes: p.json<Record<string, FieldChange>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // An article's revisions, newest first, keyset-paginated.
  indexes: [{ name: 'article_revision_article_id_created_at_id_idx', properties: ['articleId', 'createdAt', 'id'] }],
});

export class ArticleRevision extends ArticleRevisionSchema.class {}
ArticleRevisionSchema.setClass(ArticleRevision);
export { ArticleRevisionSchema };
