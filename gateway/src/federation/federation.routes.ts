import { Readable } from 'node:stream';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import { type ArticleView, type Services, TooManyRequestsError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { answerTooManyRequests, consumingLimit } from '../security/rate-limits.js';
import { prefersActivityJson } from '../seo/markdown-negotiation.js';
import { type BlockedServerList, blockedServerList } from './blocked-server-list.js';
import type { FediverseSite } from './fediverse-site.js';

/** Activities one server may post to the inboxes in a minute; beyond, 429 until the minute is over. */
export const ACTIVITIES_PER_SERVER_PER_MINUTE = 120;

/**
 * The server an activity claims to come from: the host of its signature's key. Counted before the
 * signature is checked, so a flood costs no key fetches; a forged host only spends that host's allowance.
 */
export function senderServer(signature: string | undefined): string | null {
  const keyId = signature ? /keyId="([^"]{1,2048})"/.exec(signature)?.[1] : undefined;
  if (!keyId) return null;
  try {
    return new URL(keyId).host.slice(0, 260);
  } catch {
    return null;
  }
}

/** Stories looked at after a change: the newest visible ones (a publish adds one, a burst of scheduled ones a few). */
const NEWEST_LOOKED_AT = 100;
/**
 * Federated stories watched for a correction (Update) or a withdrawal (Delete): the newest ones sent.
 * Fewer than NEWEST_LOOKED_AT, so a watched story still visible is always among the stories read.
 */
export const WATCHED_STORIES = 50;

/** A story sent to the fediverse, as last sent. */
interface Federated {
  id: number;
  updatedAt: string;
  category: string;
  /** The author's account, when the byline is an author's (older records have none). */
  author?: string | null;
}

/**
 * Reads to the end a body Fedify answered without (an unknown actor's inbox, an unsigned activity):
 * left unread, it stops the client's upload half way, and its answer waits for the request timeout.
 * The request gate has bounded it (the inbox's declared body).
 */
function discardUnread(request: Request): void {
  if (request.body && !request.body.locked) request.body.pipeTo(new WritableStream()).catch(() => undefined);
}

/** Paths Fedify answers (WebFinger, NodeInfo, actors, their collections and inboxes). */
const FEDERATION_PATH = /^\/(?:\.well-known\/(?:webfinger|nodeinfo)|nodeinfo\/2\.1|ap\/)/;
const ARTICLE_PATH = /^\/articles\/\d{1,15}$/;

/**
 * Fedify behind Express (decision 101): only federation paths, and an article asked for as an
 * ActivityPub object, reach it, so every page keeps its own way. An activity posted to an inbox
 * has had its length checked by the request gate (the inbox's declared body); Fedify verifies its signature.
 */
export function federationRoutes(
  site: Pick<FediverseSite, 'federation'>,
  contextFor: ContextFor,
  {
    perServerPerMinute = ACTIVITIES_PER_SERVER_PER_MINUTE,
    blockedServers = blockedServerList({ configured: [] }),
    redis = null,
  }: { perServerPerMinute?: number; blockedServers?: BlockedServerList; redis?: SharedRedis | null } = {},
): RequestHandler[] {
  // The site's one limiter: shared by every process through Redis when the site has it, bounded in bytes in memory.
  const perServer = consumingLimit({ name: 'inbox-server', points: perServerPerMinute, windowSeconds: 60, redis, message: 'Too many activities from this server; try again later' });
  /**
   * Express to Fedify and back, as @fedify/express does, with its failures passed to the error
   * handler (that adapter leaves a thrown dispatcher as an unhandled rejection and the request open).
   */
  const fedify = (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) => {
    let passed = false;
    const pass = () => {
      passed = true;
      discardUnread(request);
      next();
      return new Response(null, { status: 404 });
    };
    const request = new Request(`${req.protocol}://${req.headers.host ?? req.hostname}${req.originalUrl}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v] as [string, string]) : typeof value === 'string' ? [[name, value] as [string, string]] : [])),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream),
      duplex: 'half',
    } as RequestInit);
    site
      .federation()
      .then((federation) => federation.fetch(request, { contextData: { services: contextFor(req).services }, onNotFound: pass, onNotAcceptable: pass }))
      .then(async (response) => {
        if (passed) return;
        discardUnread(request);
        res.status(response.status);
        response.headers.forEach((value, name) => res.setHeader(name, value));
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        if (!passed && !res.headersSent) next(error);
      });
  };
  return [
    (req, res, next) => {
      if (ARTICLE_PATH.test(req.path)) {
        // One URL, three answers (HTML, Markdown, the Article object): shared caches keep them apart.
        res.vary('Accept');
        if (!prefersActivityJson(req.headers.accept)) return next();
      } else if (!FEDERATION_PATH.test(req.path)) return next();
      if (req.method === 'POST') {
        const server = senderServer(req.headers.signature as string | undefined);
        // Unsigned activities go on to Fedify, which refuses them (401).
        if (server) {
          blockedServers
            .blocks(server)
            .then((refused) => {
              if (refused) {
                res.status(403).type('text/plain').send(`Activities from ${server} are refused`);
                return;
              }
              return perServer.consume(server).then(
                () => fedify(req, res, next),
                (refusal: unknown) => {
                  if (!(refusal instanceof TooManyRequestsError)) return next(refusal);
                  // The one 429 (RateLimit headers, Retry-After), naming the server.
                  answerTooManyRequests(res, new TooManyRequestsError(`Too many activities from ${server}; try again later`, refusal.retryAfterSeconds, refusal.headers));
                },
              );
            })
            .catch(next);
          return;
        }
      }
      fedify(req, res, next);
    },
  ];
}

export interface Publisher {
  /** Articles changed: federate the stories published since the last ones federated. */
  changed(): void;
  /** Resolves once the work in hand is done (for an orderly stop). */
  idle(): Promise<void>;
}

/**
 * After each change to articles, the stories that became visible since the newest one federated
 * are sent as Create activities, oldest first; a watched story corrected since is sent as an
 * Update, one no longer visible as a Delete of its Tombstone. All through Fedify's queue (never in the editor's
 * request). The mark is kept in Fedify's store, so a restart neither repeats nor skips a story; a
 * site that federates for the first time starts from its newest story.
 */
export function startPublisher(site: Pick<FediverseSite, 'kv' | 'send'>, services: () => Services, logger: Pick<Logger, 'warn'>): Publisher {
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  const MARK = ['federated-through'] as const;
  const WATCHED = ['federated-watched'] as const;

  async function round(): Promise<void> {
    const reader = services();
    const { nodes } = await reader.articles.page({ first: NEWEST_LOOKED_AT });
    const mark = await site.kv.get<string>(MARK);
    const newest = nodes[0]?.publishedAt.toISOString();
    if (mark === undefined) {
      if (newest) await site.kv.set(MARK, newest);
      return;
    }
    const fresh: ArticleView[] = nodes.filter((a) => a.publishedAt.toISOString() > mark).reverse();
    const watched = (await site.kv.get<Federated[]>(WATCHED)) ?? [];
    const visible = new Map(nodes.map((a) => [a.id, a]));
    const kept: Federated[] = [];
    for (const story of watched) {
      const now = visible.get(story.id);
      if (!now) {
        // Withdrawn, unpublished or deleted: followers' servers drop it.
        await site.send(reader, 'Delete', { id: story.id, categorySlug: story.category, authorSlug: story.author ?? null });
      } else if (now.updatedAt.toISOString() > story.updatedAt) {
        await site.send(reader, 'Update', now);
        kept.push({ ...story, updatedAt: now.updatedAt.toISOString() });
      } else kept.push(story);
    }
    for (const a of fresh) {
      await site.send(reader, 'Create', a);
      kept.push({ id: a.id, updatedAt: a.updatedAt.toISOString(), category: a.category.slug, author: a.authorSlug });
    }
    await site.kv.set(WATCHED, kept.slice(-WATCHED_STORIES));
    if (fresh.length) await site.kv.set(MARK, fresh[fresh.length - 1].publishedAt.toISOString());
  }

  const publisher: Publisher = {
    changed() {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      running = (async () => {
        do {
          again = false;
          // The cause alone: in a database outage the outage has its own lines, and a stack would repeat them.
          await round().catch((error: unknown) => logger.warn({ cause: error instanceof Error ? error.message : String(error) }, 'federating new stories failed; tried again at the next change'));
        } while (again);
        busy = false;
      })();
    },
    idle: () => running,
  };
  publisher.changed();
  return publisher;
}

