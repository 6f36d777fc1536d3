import { defineEntity, p } from '@mikro-orm/core';
import { Author } from './author.entity.js';

/**
 * An author's uploaded photo: the picture re-encoded (WebP, no metadata) and fitted within
 * AUTHOR_PHOTO_SIDE, in the database so every process serves it. At most one per author;
 * replacing it writes a new version (a new URL), removing the author removes it.
 */
const AuthorPhotoSchema = defineEntity({
  name: 'AuthorPhoto',
  tableName: 'author_photo',
  properties: {
    id: p.integer().primary(),
    author: () => p.oneToOne(Author).owner().unique().deleteRule('cascade'),
    /** The first 16 hex digits of the picture's SHA-256: part of its URL. */
    version: p.string().length(16),
    data: p.blob().lazy(),
    width: p.integer(),
    height: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class AuthorPhoto extends AuthorPhotoSchema.class {}
AuthorPhotoSchema.setClass(AuthorPhoto);
