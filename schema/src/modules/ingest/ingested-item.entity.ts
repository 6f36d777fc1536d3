import { defineEntity, p } from '@mikro-orm/core';
import { Article } from '../article/article.entity.js';

/**
 * Every feed item taken in, so a second run of a feed adds nothing. An item is known by its guid
 * (RSS `<guid>`, Atom `<id>`, scoped to its feed: short guids like "1234" repeat across feeds)
 * or by its link (any feed: the same story syndicated twice is one story). Both are stored as
 * SHA-256 hex, so any length fits a unique index. The row outlives its article (`set null`): a
 * story an editor deleted is not brought back by the next run.
 */
const IngestedItemSchema = defineEntity({
  name: 'IngestedItem',
  tableName: 'ingested_item',
  properties: {
    id: p.integer().primary(),
    /** The feed's identity (Atom id, else its site link, else where it was read from). */
    feed: p.string().length(500),
    guidKey: p.string().length(64).nullable().unique(),
    linkKey: p.string().length(64).nullable().unique(),
    article: () => p.manyToOne(Article).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // Deleting an article sets its rows' article to null: found by this index, not a scan.
  indexes: [{ name: 'ingested_item_article_id_index', properties: ['article'] }],
});

export class IngestedItem extends IngestedItemSchema.class {}
IngestedItemSchema.setClass(IngestedItem);
export { IngestedItemSchema };
