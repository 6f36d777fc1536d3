import { defineEntity, p } from '@mikro-orm/core';
import { Article } from './article.entity.js';

/**
 * An article's uploaded cover: the master picture, re-encoded and stripped of metadata, in the
 * database so every process (and both databases) serve it. At most one per article; replacing
 * it writes a new version, deleting the article deletes it. The media route renders the site's
 * widths and formats from the master.
 */
const CoverImageSchema = defineEntity({
  name: 'CoverImage',
  tableName: 'cover_image',
  properties: {
    id: p.integer().primary(),
    article: () => p.oneToOne(Article).owner().unique().deleteRule('cascade'),
    /** The first 16 hex digits of the master's SHA-256: part of the cover's URL. */
    version: p.string().length(16),
    /** The re-encoded master (WebP); read only when rendering a variant. */
    data: p.blob().lazy(),
    width: p.integer(),
    height: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class CoverImage extends CoverImageSchema.class {}
CoverImageSchema.setClass(CoverImage);
export { CoverImageSchema };
