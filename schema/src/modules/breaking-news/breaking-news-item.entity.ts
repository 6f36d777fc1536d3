import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';

const BreakingNewsItemSchema = defineEntity({
  name: 'BreakingNewsItem',
  tableName: 'breaking_news_item',
  properties: {
    id: p.integer().primary(),
    title: p.string().length(200),
    position: p.integer().index(),
    ...timestamps,
  },
});

export class BreakingNewsItem extends BreakingNewsItemSchema.class {}
BreakingNewsItemSchema.setClass(BreakingNewsItem);
export { BreakingNewsItemSchema };
