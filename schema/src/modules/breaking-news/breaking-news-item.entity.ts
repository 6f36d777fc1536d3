import { defineEntity, p } from '@mikro-orm/core';

const BreakingNewsItemSchema = defineEntity({
  name: 'BreakingNewsItem',
  tableName: 'breaking_news_item',
  properties: {
    id: p.integer().primary(),
    title: p.string().length(200),
    position: p.integer().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class BreakingNewsItem extends BreakingNewsItemSchema.class {}
BreakingNewsItemSchema.setClass(BreakingNewsItem);
export { BreakingNewsItemSchema };
