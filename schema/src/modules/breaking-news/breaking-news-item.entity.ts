import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';
import { Article } from '../article/article.entity.js';

const BreakingNewsItemSchema = defineEntity({
  name: 'BreakingNewsItem',
  tableName: 'breaking_news_item',
  properties: {
    id: p.integer().primary(),
    title: p.string().length(200),
    position: p.integer().index(),
    /** Readers stop seeing the headline at this time; null: until removed. */
    expiresAt: p.datetime().nullable(),
    /** The article the headline links to (shown as a link only while readers can see it). */
    article: () => p.manyToOne(Article).nullable().deleteRule('set null'),
    ...timestamps,
  },
});

export class BreakingNewsItem extends BreakingNewsItemSchema.class {}
BreakingNewsItemSchema.setClass(BreakingNewsItem);
export { BreakingNewsItemSchema };
