import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';

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
    ...timestamps,
  },
});

export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category);
export { CategorySchema };
