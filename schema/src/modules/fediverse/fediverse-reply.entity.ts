import { defineEntity, p } from '@mikro-orm/core';

/**
 * A reply from the fediverse to a story, as the inbox stored it: its text already plain, held
 * until an editor approves it. One row per story and reply, so replies arriving at once and an
 * editor's approval never overwrite one another.
 */
const FediverseReplyRowSchema = defineEntity({
  name: 'FediverseReplyRow',
  tableName: 'fediverse_reply',
  properties: {
    id: p.integer().primary(),
    /** The story replied to (no foreign key: a deleted story's replies go with a later purge, and are never shown). */
    articleId: p.integer(),
    /** The reply's ActivityPub id (a URL). */
    replyId: p.string().length(1000),
    authorName: p.string().length(200),
    authorUrl: p.string().length(1000),
    server: p.string().length(260),
    text: p.text(),
    published: p.string().length(40),
    approved: p.boolean().default(false),
    url: p.string().length(2048).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ name: 'fediverse_reply_article_reply_unique', properties: ['articleId', 'replyId'] }],
});

export class FediverseReplyRow extends FediverseReplyRowSchema.class {}
FediverseReplyRowSchema.setClass(FediverseReplyRow);
