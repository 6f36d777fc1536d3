import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from '../../lib/timestamps.js';
import { Category } from '../category/category.entity.js';

const ArticleSchema = defineEntity({
  name: 'Article',
  tableName: 'article',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(160).unique(),
    title: p.string().length(200),
    excerpt: p.text(),
    content: p.text(),
    category: () => p.manyToOne(Category).deleteRule('restrict'),
    author: p.string().length(120),
    publishedAt: p.datetime(),
    imageUrl: p.string().length(500),
    sourceUrl: p.string().length(500).nullable(),
    isBreaking: p.boolean().default(false),
    ...timestamps,
  },
  // The hot reads: latest (home, feeds), latest by category, featured breaking story.
  indexes: [
    { name: 'article_published_at_id_idx', properties: ['publishedAt', 'id'] },
    { name: 'article_category_published_at_id_idx', properties: ['category', 'publishedAt', 'id'] },
    { name: 'article_is_breaking_published_at_idx', properties: ['isBreaking', 'publishedAt'] },
  ],
});

export class Article extends ArticleSchema.class {}
ArticleSchema.setClass(Article);
export { ArticleSchema };
