import { defineEntity, p } from '@mikro-orm/core';

const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'category',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(80).unique(),
    slug: p.string().length(80).unique(),
    description: p.text(),
    icon: p.string().length(60),
    position: p.integer().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category);
export { CategorySchema };
