import { fediverseRepliesTag, recordCacheTags } from '../../lib/cache-tags.js';

/** Approved replies shown under a story: the newest ones. */
export const REPLIES_SHOWN = 20;

/**
 * A reply from the fediverse to a story as the gateway's ActivityPub inbox keeps it (decision 101):
 * its text already converted from HTML to plain text, held until an editor approves it.
 */
export interface FediverseReplyRecord {
  /** The reply's ActivityPub id (a URL). */
  id: string;
  authorName: string;
  authorUrl: string;
  /** The author's server (host). */
  server: string;
  text: string;
  /** ISO 8601. */
  published: string;
  approved: boolean;
  /** The reply's page on its server, when it named one (older records have none: the id is the link). */
  url?: string;
}

/** Where the replies are kept: the gateway's federation store. The data layer only reads them. */
export interface FediverseReplySource {
  replies(articleId: number): Promise<readonly FediverseReplyRecord[]>;
}

/** A reply as readers see it. Links are http(s) or null: a remote server chooses them. */
export interface FediverseReplyView {
  id: string;
  authorName: string;
  authorUrl: string | null;
  server: string;
  text: string;
  url: string | null;
  published: Date;
}

/** `value` when it is an absolute http(s) URL, else null (a `javascript:` link never reaches a page). */
export function webLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const timeOf = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
};

export class FediverseReplyService {
  constructor(private readonly source: FediverseReplySource | null = null) {}

  /**
   * A story's approved replies, newest first, at most `first` (REPLIES_SHOWN). The answer carries
   * the story's replies tag, which approving a reply purges.
   */
  async approved(articleId: number, first = REPLIES_SHOWN): Promise<FediverseReplyView[]> {
    recordCacheTags(fediverseRepliesTag(articleId));
    if (!this.source) return [];
    const approved = (await this.source.replies(articleId)).filter((r) => r.approved);
    return approved
      .map((r) => ({ record: r, time: timeOf(r.published) }))
      .sort((a, b) => b.time - a.time)
      .slice(0, Math.max(0, first))
      .map(({ record: r, time }) => ({
        id: r.id,
        authorName: r.authorName,
        authorUrl: webLink(r.authorUrl),
        server: r.server,
        text: r.text,
        url: webLink(r.url) ?? webLink(r.id),
        published: new Date(time),
      }));
  }
}
