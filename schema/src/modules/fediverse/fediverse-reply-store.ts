import type { EntityManager } from '@mikro-orm/core';
import type { FediverseReplyRecord, FediverseReplySource } from './fediverse-reply.service.js';

/** Replies kept per story (held and approved); later ones are not stored. */
export const MAX_REPLIES_PER_ARTICLE = 200;

interface Row {
  reply_id: string;
  author_name: string;
  author_url: string;
  server: string;
  text: string;
  published: string;
  approved: boolean;
  url: string | null;
}

const toRecord = (r: Row): FediverseReplyRecord => ({
  id: r.reply_id,
  authorName: r.author_name,
  authorUrl: r.author_url,
  server: r.server,
  text: r.text,
  published: r.published,
  approved: Boolean(r.approved),
  ...(r.url ? { url: r.url } : {}),
});

const COLUMNS = 'reply_id, author_name, author_url, server, text, published, approved, url';

/**
 * The replies the inbox stores and editors approve or remove, each one statement on its own row:
 * replies arriving at once, and an approval beside them, all keep their effect.
 */
export class FediverseReplyStore implements FediverseReplySource {
  constructor(private readonly em: EntityManager) {}

  async replies(articleId: number): Promise<FediverseReplyRecord[]> {
    const rows: Row[] = await this.em.getConnection().execute(`select ${COLUMNS} from fediverse_reply where article_id = ? order by id limit ?`, [articleId, MAX_REPLIES_PER_ARTICLE]);
    return rows.map(toRecord);
  }

  /** False when not stored: the story has its most replies, the reply is stored already, or its URLs are too long to be real. */
  async add(articleId: number, reply: FediverseReplyRecord): Promise<boolean> {
    if (reply.id.length > 1000 || reply.authorUrl.length > 1000 || (reply.url?.length ?? 0) > 2048) return false;
    const rows: unknown[] = await this.em.getConnection('write').execute(
      `insert into fediverse_reply (article_id, reply_id, author_name, author_url, server, text, published, approved, url, created_at)
       select ?, ?, ?, ?, ?, ?, ?, ?, ?, ? where (select count(*) from fediverse_reply where article_id = ?) < ?
       on conflict (article_id, reply_id) do nothing returning id`,
      [articleId, reply.id, reply.authorName.slice(0, 200), reply.authorUrl, reply.server.slice(0, 260), reply.text, reply.published.slice(0, 40), reply.approved, reply.url ?? null, new Date(), articleId, MAX_REPLIES_PER_ARTICLE],
      'all',
    );
    return rows.length > 0;
  }

  /** The reply approved, or null when the story has no such reply. */
  async approve(articleId: number, replyId: string): Promise<FediverseReplyRecord | null> {
    const [row]: Row[] = await this.em.getConnection('write').execute(`update fediverse_reply set approved = true where article_id = ? and reply_id = ? returning ${COLUMNS}`, [articleId, replyId], 'all');
    return row ? toRecord(row) : null;
  }

  /** The reply removed (as it was), or null when the story has no such reply. */
  async remove(articleId: number, replyId: string): Promise<FediverseReplyRecord | null> {
    const [row]: Row[] = await this.em.getConnection('write').execute(`delete from fediverse_reply where article_id = ? and reply_id = ? returning ${COLUMNS}`, [articleId, replyId], 'all');
    return row ? toRecord(row) : null;
  }
}
