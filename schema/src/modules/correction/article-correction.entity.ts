import { defineEntity, p } from '@mikro-orm/core';
import { CORRECTION_KINDS } from './correction-kinds.js';

/**
 * A correction or clarification of a published article, kept for good: readers see every one above
 * the body and on /corrections, newest first. Deleting the article deletes them.
 */
const ArticleCorrectionSchema = defineEntity({
  name: 'ArticleCorrection',
  tableName: 'article_correction',
  properties: {
    id: p.integer().primary(),
    articleId: p.integer(),
    kind: p.enum(CORRECTION_KINDS),
    text: p.text(),
    /** The editor token's name (`owner` for the admin token). */
    editor: p.string().length(80),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [
    { name: 'article_correction_created_at_id_idx', properties: ['createdAt', 'id'] },
    { name: 'article_correction_article_id_idx', properties: ['articleId'] },
  ],
});

export class ArticleCorrection extends ArticleCorrectionSchema.class {}
ArticleCorrectionSchema.setClass(ArticleCorrection);
export { ArticleCorrectionSchema };
